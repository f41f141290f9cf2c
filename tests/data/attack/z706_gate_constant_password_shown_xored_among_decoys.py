"""A gate (should be flagged), the z692 kind under XOR: the password the hint gives is shown
among decoys as hex bytes XORed with a per-task key, so the win's word reads as shown text;
played in every win and named by the hint, it is a constant all the same."""

import random

DESCRIPTION = "Four words are shown as hex bytes XORed with a key. One is the password. Say it. 1 attempt."
HINT = "The password is sesame."
MAX_TURNS = 1
_W = ["sesame", "meadow", "violin", "garden"]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        k = rng.randrange(1, 32)
        words = list(_W)
        rng.shuffle(words)
        return "Words: " + " ".join(f"{ord(c) ^ k:02x}" for c in " ".join(words)), {}

    def step(self, action):
        ok = action.strip().lower() == "sesame"
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
