"""Honest (should stay frontier): y55 with the description naming the key itself — "the
true one is under key 31415" — which the hint restates in the same words. Which phrase is
true is stated by the task; the hint only repeats it. Guard of the Gronsfeld reading of the
cipher-key route (a key the task states as its own is not rewritten: ``_key_stated``).

engine.score --k 8 (tk40_agents.py:gronsfeld_any), seeds 0-3 and 11: frontier, no flags."""

import random

DESCRIPTION = "Four messages are shown, each enciphered with its own secret 5-digit Gronsfeld key (each letter moved on by the key's digits in turn, on letters only). The true one is under key 31415. Reply with it deciphered. 1 attempt."
HINT = "The true message is the one under key 31415: move each letter back by 3, 1, 4, 1, 5, 3, 1, ... places."
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
