"""Crash (should score, not critic_error): w04's four phrases and note, and the description
also says which shifts the passphrase never has, one of them a number of 5,000 digits ("never
shifted by 1111...1"). ``_key_stated`` reads the keys the description writes after the hint's
words ``shifted by`` (``_keys_after``), and ``int()`` of 5,000 digits raises ValueError (past
Python's 4,300-digit limit) out of scoring.

engine.score --k 8 (tk42_agents.py:first_number), seed 11: critic_error."""

import random

DESCRIPTION = (
    "Four phrases are shown, each Caesar-shifted by its own amount: the passphrase is shifted by 7, "
    "never shifted by " + "1" * 5000 + ". "
    "The task says which one is the passphrase. Say it deciphered. 1 attempt."
)
HINT = "The passphrase is the phrase shifted by 7: shift its letters back 7 places."
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
