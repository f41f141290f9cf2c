"""A per-vault code table whose codes are keyed in one digit per turn: every answer is a
1-digit token (never a gate candidate: "take 1, 2 or 3"), the code exists only across turns,
and it differs per vault so the open-loop replay (constant_solution) fails too."""
import random
DESCRIPTION = ("You face a numbered vault with a keypad. Press its 4-digit code one key per "
               "turn (answer a single digit each turn). A wrong key locks the vault.")
_CODES = ["7399", "4182", "5630", "2917", "8054", "6341", "1728", "9465", "3806", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 4

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.i = 0; self.done = False; self.ok = False
        return f"This is vault {self.v}. Press the first key.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        if action.strip() != _CODES[self.v][self.i]:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 4:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Beep. Next key.", 0.0, False, False, {}
