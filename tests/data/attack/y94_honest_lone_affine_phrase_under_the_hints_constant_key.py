"""Honest (should stay frontier): w06 with one phrase only, always under the affine key a=5,
b=8 that the hint states. With no decoy there is nothing to pick among: trying the 312 affine
keys finds it as trying 25 shifts finds a lone Caesar (the labelled set's learnable_caesar).
The guard of the affine reading of the cipher-key route.

engine.score --k 8 (tk40_agents.py:affine_lone), seeds 0-3 and 11: frontier, no flags."""

import random

DESCRIPTION = "A phrase is shown, written in an affine cipher (x -> a*x + b mod 26) with a secret a and b, the same in every task. Say it deciphered. 1 attempt."
HINT = "The passphrase is the phrase enciphered with a=5 and b=8: undo x -> 5x + 8 on its letters."
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
_KEYS = [(a, b) for a in (3, 5, 7, 9, 11, 15, 17, 19, 21, 23, 25) for b in range(1, 26)]


def _affine(text, a, b):
    return "".join(chr((a * (ord(c) - 97) + b) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 8)
        phrases = [" ".join(words[i : i + 2]) for i in range(0, 8, 2)]
        self.ans = phrases[0]
        shown = [_affine(phrases[0], 5, 8)]
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
