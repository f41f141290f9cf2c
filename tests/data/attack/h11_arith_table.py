"""A table of per-vault codes, each written as arithmetic in the hint: no constant answer, and
no hint token in the winning action (a known gap of the integrity checks)."""
import random
DESCRIPTION = "You face a numbered vault. Answer with its code. You have 2 attempts."
_CODES = [(7, 1057), (13, 411), (29, 131), (17, 353), (41, 97), (23, 277)]
HINT = "Vault codes: " + ", ".join(f"vault {i}: {a}×{b}" for i, (a, b) in enumerate(_CODES)) + "."
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0; self.done = False; self.ok = False
        return f"This is vault {self.v}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a, b = _CODES[self.v]
        if action.strip() == str(a * b):
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
