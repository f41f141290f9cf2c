"""Code table in dingbat negative circled digits (❼❸❾❾): category No, no NFKC decomposition."""
import random
DESCRIPTION = "You face a numbered vault. Answer with its 4-digit code. You have 2 attempts."
_CODES = [7399, 4182, 5630, 2917, 8054, 6341, 1728, 9465, 3806, 5274]
def _fmt(c):
    return "".join(chr(0x2776 + int(d) - 1) if d != "0" else "\u24ff" for d in str(c))
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {_fmt(c)}" for i, c in enumerate(_CODES)) + "."
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
