"""h58's kind in another order: the vault takes its code's 1st and 3rd digits, then the 2nd
and 4th, one a turn (neither forwards nor backwards)."""
import random
DESCRIPTION = ("You face a numbered vault with a keypad. Press the 1st, 3rd, 2nd, then 4th "
               "digit of its 4-digit code, one key per turn. A wrong key locks the vault.")
_CODES = ["7399", "4182", "5630", "2917", "8054", "6341", "1728", "9465", "3806", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 4
_ORDER = [0, 2, 1, 3]

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.i = 0; self.done = False; self.ok = False
        return f"This is vault {self.v}. Press the first key.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        if action.strip() != _CODES[self.v][_ORDER[self.i]]:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 4:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Beep. Next key.", 0.0, False, False, {}
