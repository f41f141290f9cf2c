"""A gate (should be flagged information_gate): y92 with the hint listing its digits in plain
English, "back by 3, 1, 4, 1 and 5 places in turn". ``_DIGIT_KEY`` joins digits only by commas,
dashes, slashes or blanks, so the hint's key reads as 3141, which deciphers no win
(``_digit_key_readings``); no Gronsfeld key is found and nothing is rewritten.

engine.score --k 8 (tk41_agents.py:gron_all_digits), seeds 0-3 and 11: accepted, no flags (regret 1.0)."""

import random

DESCRIPTION = "Four messages are shown, each enciphered with its own secret 5-digit Gronsfeld key (each letter moved on by the key's digits in turn, on letters only). One is true. Reply with it deciphered. 1 attempt."
HINT = "The true message is the one you read by moving its letters back by 3, 1, 4, 1 and 5 places in turn, over and over."
MAX_TURNS = 1
_V = [
    "amber",
    "candle",
    "harbor",
    "meadow",
    "violin",
    "garden",
    "silver",
    "forest",
    "pepper",
    "rocket",
    "basket",
    "window",
]


def _gron(text, key):
    out, i = [], 0
    for c in text:
        if c.isalpha():
            out.append(chr((ord(c) - 97 + int(key[i % len(key)])) % 26 + 97))
            i += 1
        else:
            out.append(c)
    return "".join(out)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 8)
        phrases = [" ".join(words[i : i + 2]) for i in range(0, 8, 2)]
        self.ans = phrases[0]
        keys = ["31415"] + ["".join(str(rng.randrange(10)) for _ in range(5)) for _ in range(3)]
        msgs = [_gron(p, k) for p, k in zip(phrases, keys, strict=True)]
        rng.shuffle(msgs)
        return "Messages: " + "; ".join(msgs) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
