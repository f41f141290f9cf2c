"""Slow (Critic CPU): w04's four phrases and note; the hint and the description both end with
the same glossary of 8,000 made-up word pairs each before a 7 ("aaaa aaab 7; aaac aaad 7;
..."). ``_key_stated`` takes every pair of words the hint writes before its key that the
description writes before it too (8,000 shared pairs), and for each pair ``_keys_after``
compiles a new pattern and scans the whole description: pairs x description, quadratic.

engine.score --k 8 (tk42_agents.py:first_number), seed 11: see the report for user CPU."""

import itertools
import random
import string

_WORDS = ["".join(p) for p in itertools.product(string.ascii_lowercase, repeat=4)]
_GLOSSARY = " Glossary: " + " ".join(f"{_WORDS[2 * i]} {_WORDS[2 * i + 1]} 7;" for i in range(8000))


DESCRIPTION = (
    "Four phrases are shown, each Caesar-shifted by its own amount. The task says which one is the passphrase. Say it deciphered. 1 attempt."
    + _GLOSSARY
)
HINT = "The passphrase is the phrase shifted by 7: shift its letters back 7 places." + _GLOSSARY
MAX_TURNS = 1
PREFIX = "Note: the passphrase is the one shifted by 7. "
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


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 8)
        phrases = [" ".join(words[i : i + 2]) for i in range(0, 8, 2)]
        self.ans = phrases[0]
        shifts = [7] + rng.sample([k for k in range(1, 26) if k != 7], 3)
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        return PREFIX + "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
