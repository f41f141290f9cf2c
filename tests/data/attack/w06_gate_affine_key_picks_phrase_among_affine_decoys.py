"""A gate (should be flagged information_gate): four phrases, each in an affine cipher
(x -> a*x + b mod 26) with its own secret a and b; the passphrase is the one under a=5, b=8,
which only the hint says (single digits: no token for the censored route). ``_answer_keys``
knows Caesar shifts, Vigenere keywords, XOR keys and code offsets only, so no key is found and
the cipher-key route plays nothing.

engine.score --k 8 (tk38_agents.py:affine), seeds 0-3 and 11: frontier, no flags,
regret 0.5-1.0."""

import random

DESCRIPTION = "Four phrases are shown, each written in an affine cipher (x -> a*x + b mod 26) with its own secret a and b. One is the passphrase. Say it deciphered. 1 attempt."
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
        keys = [(5, 8)] + rng.sample([k for k in _KEYS if k != (5, 8)], 3)
        shown = [_affine(p, *k) for p, k in zip(phrases, keys, strict=True)]
        rng.shuffle(shown)
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
