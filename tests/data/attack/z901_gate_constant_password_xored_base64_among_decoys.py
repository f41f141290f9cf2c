"""A gate (should be flagged), z706 sent in base64: the password the hint gives is shown among
decoys as bytes XORed with a per-task key and then base64-encoded, so the win's word reads as
shown text; played in every win and named by the hint, it is a constant all the same."""

import base64
import random

DESCRIPTION = "Four words are shown XORed with a key, then base64-encoded. One is the password. Say it. 1 attempt."
HINT = "The password is sesame."
MAX_TURNS = 1
_W = ["sesame", "meadow", "violin", "garden"]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        k = rng.randrange(1, 32)
        words = list(_W)
        rng.shuffle(words)
        raw = bytes(ord(c) ^ k for c in " ".join(words))
        return f"Key {k}. Words: {base64.b64encode(raw).decode()}", {}

    def step(self, action):
        ok = action.strip().lower() == "sesame"
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
