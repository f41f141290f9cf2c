"""Honest (should stay frontier): the z691 kind with 3-letter words: a message Caesar-shifted by a shown amount; the hint's worked example uses the task's own words."""

import base64
import random

DESCRIPTION = "A message of lowercase words was Caesar-shifted forward by the shown amount. Reply with the original message. 1 attempt."
HINT = "Shift every letter back by the amount shown. Example: shift 3, message dqw ehh reads ant bee."
MAX_TURNS = 1
_V = ["ant", "bee", "cat"]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.msg = " ".join(rng.choice(_V) for _ in range(4))
        k = rng.randrange(1, 26)
        enc = "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in self.msg)
        return f"Shift {k}. Message: {enc}", {}

    def step(self, action):
        ok = action.strip().lower() == self.msg
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
