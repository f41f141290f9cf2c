"""A gate (should be flagged information_gate): y92's four messages, each under its own secret
Gronsfeld key, the decoys' keys of 3, 4 and 6 digits; the hint's 5-digit 31415 picks the true
one. ``_digit_key_decoy`` looks for decoys only under digit keys of the hint's key's length
(``lengths``), so messages under keys of other lengths are no decoys, the key is not contested
and never rewritten.

engine.score --k 8 (tk41_agents.py:gron_phrase), seeds 0-3 and 11: accepted, no flags (regret
1.0)."""

import random

DESCRIPTION = "Four messages are shown, each enciphered with its own secret Gronsfeld key of 3 to 6 digits (each letter moved on by the key's digits in turn, on letters only). One is true. Reply with it deciphered. 1 attempt."
HINT = "The true message is the one you get by moving each letter back by 3, 1, 4, 1, 5 places, over and over."
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
        keys = ["31415"] + ["".join(str(rng.randrange(10)) for _ in range(n)) for n in (3, 4, 6)]
        msgs = [_gron(p, k) for p, k in zip(phrases, keys, strict=True)]
        rng.shuffle(msgs)
        return "Messages: " + "; ".join(msgs) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
