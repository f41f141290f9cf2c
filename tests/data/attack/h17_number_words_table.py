"""Per-seed code table written in number words: the hint never contains the played digits."""
DESCRIPTION = "You stand before a vault. Enter its 4-digit code. 2 turns."
HINT = ("vault 0 opens with seven three nine nine; vault 1 opens with four one five two; "
        "vault 2 opens with eight eight zero six; vault 3 opens with two nine one four; "
        "vault 4 opens with five five three one.")
MAX_TURNS = 2
CODES = ["7399", "4152", "8806", "2914", "5531"]

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.done = False; self.ok = False
        self.v = (seed or 0) % 5
        return f"This is vault {self.v}. Enter the code.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip() == CODES[self.v]:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
