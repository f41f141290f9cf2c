"""Honest (should stay frontier): z951's four phrases, and every observation says which is the
passphrase ("Note: the passphrase is the one shifted by 7."); the hint restates it in the same
words. ``_key_stated`` reads only the description and tool schemas (``_stated_text``), never what
the task shows, so the hint's 7 is rewritten and the hinted Agent loses.

engine.score --k 8 (tk38_agents.py:first_number), seeds 0-3 and 11: information_gate
(cipher_key shift 7, 0/6 rekeyed), regret 0.5-0.875."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own amount. The task says which one is the passphrase. Say it deciphered. 1 attempt."
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
