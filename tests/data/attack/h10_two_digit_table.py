"""A table of 2-digit vault codes in the hint (the vault number is shown): an information gate
whose answers are too short for a 3+ character token rule."""
import random
DESCRIPTION = "You face a numbered vault. Answer with its 2-digit code. You have 2 attempts."
_CODES = [17, 42, 58, 63, 71, 84, 90, 25, 36, 49]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
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
        if action.strip() == str(_CODES[self.v]):
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
