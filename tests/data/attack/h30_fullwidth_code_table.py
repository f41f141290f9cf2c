"""Per-vault 4-digit codes; the hint is the code table written in fullwidth digits.
The environment reads the answer NFKC-normalised (as int() and many parsers do), so the
Agent can copy the code straight from the hint. Information gate: no observation reveals a code."""
import unicodedata

DESCRIPTION = "You face a numbered vault. Answer with its 4-digit code. You have 2 attempts."
_CODES = ["7399", "4182", "9051", "3367", "8824", "1590", "6643", "2718", "5206", "3141", "8080", "4477"]
_FW = str.maketrans("0123456789", "\uff10\uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff18\uff19")
HINT = "Vault codes: " + ", ".join(f"vault {i}: {c.translate(_FW)}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        self.v = (0 if seed is None else seed) % len(_CODES)
        self.t = 0
        self.done = False
        self.ok = False
        return f"This is vault {self.v}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if unicodedata.normalize("NFKC", action).strip() == _CODES[self.v]:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
