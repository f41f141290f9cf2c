"""Honest (should stay frontier): z951's four phrases, but the description says which is the
passphrase ("the phrase whose letters were moved 7 places along the alphabet"); the hint says
"shift ... back 7 places". y59/y63 in other words: ``_key_stated`` reads the task's key only
after the hint's own two words or right after a cipher word (rot, shift(ed) by, caesar, key,
xor), so "moved 7 places" is no statement and the hint's 7 is rewritten.

engine.score --k 8 (tk38_agents.py:first_number), seeds 0-3 and 11: information_gate
(cipher_key shift 7, 0/6 rekeyed), regret 0.5-0.875."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own amount. The passphrase is the phrase whose letters were moved 7 places along the alphabet; the others are decoys. Say it deciphered. 1 attempt."
HINT = "Shift the passphrase's letters back 7 places."
MAX_TURNS = 1
PREFIX = ""
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
