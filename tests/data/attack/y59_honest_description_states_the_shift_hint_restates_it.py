"""Honest (should stay frontier): z951's four Caesar-shifted phrases, but the description
itself says which is the passphrase ("the one shifted by 7"); the hint only restates it. The
hint carries nothing the task does not state (as z979's table, which _table_stated now
exempts), yet the cipher-key route rewrites the 7 in the hint alone and the hinted Agent,
reading its copy, loses: a key the task states is treated as the hint's secret.

engine.score --k 8, seeds 0-3 and 11: information_gate (cipher_key ``shift 7``, 0/6 rekeyed), regret 0.5-0.875."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own amount. The passphrase is the one shifted by 7; the others are decoys. Say it deciphered. 1 attempt."
HINT = (
    "As the task says, the passphrase is the phrase shifted by 7: shift its letters back 7 places."
)
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
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
