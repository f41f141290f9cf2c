"""A gate (should be flagged information_gate): a per-vault word table in the hint, and the
observation shows all six candidate words as character codes raised by a secret key, so each
answer is "seen" decoded (_shown_decoded). The relabelled-table route must still flag it."""

import random

DESCRIPTION = "A vault number is shown with six candidate words written as character codes raised by a secret key. Say the vault's word. 2 attempts."
HINT = "Vault words: vault 1 lamp, vault 2 river, vault 3 stone, vault 4 candle, vault 5 meadow, vault 6 violin."
MAX_TURNS = 2
_W = ("lamp", "river", "stone", "candle", "meadow", "violin")


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(6)
        k = rng.randrange(1, 60)
        order = list(_W)
        rng.shuffle(order)
        codes = " ".join(str(ord(c) + k) for c in " ".join(order))
        self.t = 0
        return f"Vault {self.v + 1}. Candidates: {codes}", {}

    def step(self, action):
        self.t += 1
        if action.strip().lower() == _W[self.v]:
            return "open", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            return "locked", 0.0, True, False, {"success": False}
        return "wrong", 0.0, False, False, {}
