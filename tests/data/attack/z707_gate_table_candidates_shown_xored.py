"""A gate (should be flagged information_gate), the z690 kind under XOR: a per-vault word
table in the hint, and the observation shows all six candidate words as bytes XORed with a
secret key, so each answer is "seen" decoded; the relabelled-table route must flag it."""

import random

DESCRIPTION = "A vault number is shown with six candidate words written as hex bytes XORed with a secret key. Say the vault's word. 2 attempts."
HINT = "Vault words: vault 1 lamp, vault 2 river, vault 3 stone, vault 4 candle, vault 5 meadow, vault 6 violin."
MAX_TURNS = 2
_W = ("lamp", "river", "stone", "candle", "meadow", "violin")


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(6)
        k = rng.randrange(1, 32)
        order = list(_W)
        rng.shuffle(order)
        self.t = 0
        shown = " ".join(f"{ord(c) ^ k:02x}" for c in " ".join(order))
        return f"Vault {self.v + 1}. Candidates: {shown}", {}

    def step(self, action):
        self.t += 1
        if action.strip().lower() == _W[self.v]:
            return "open", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            return "locked", 0.0, True, False, {"success": False}
        return "wrong", 0.0, False, False, {}
