"""h58's kind in pairs: a per-vault 6-digit code keyed two digits a turn ("73", "99", "41")."""
import random
DESCRIPTION = ("You face a numbered vault. Enter its 6-digit code two digits per turn "
               "(answer a 2-digit number each turn). A wrong pair locks the vault.")
_CODES = ["739941", "418205", "563077", "291736", "805412", "634198", "172853", "946520",
          "380664", "527419"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 3

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.i = 0; self.done = False; self.ok = False
        return f"This is vault {self.v}. Enter the first pair.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        if action.strip() != _CODES[self.v][2 * self.i: 2 * self.i + 2]:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 3:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Beep. Next pair.", 0.0, False, False, {}
