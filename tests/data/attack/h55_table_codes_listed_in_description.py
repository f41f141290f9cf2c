"""A per-vault code table whose codes are all listed in the description (as the set of valid
codes): every played code is stated text, so no code is a gate candidate; only the hint says
which vault takes which code (one attempt: 1 in 10 unhinted)."""
import random
_CODES = [7399, 4182, 5630, 2917, 8054, 6341, 1728, 9465, 3806, 5274]
DESCRIPTION = ("You face a numbered vault. Answer with its 4-digit code; the valid codes are "
               + ", ".join(map(str, _CODES)) + ". You have 1 attempt.")
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 1

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False; self.ok = False
        return f"This is vault {self.v}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == str(_CODES[self.v])
        return ("Open." if self.ok else "Locked."), float(self.ok), True, False, {"success": self.ok}
