"""The vault table in base64 with a soft hyphen (U+00AD, invisible) every 5th character: the same kind as z302."""
import random

DESCRIPTION = (
    "You stand before one of eight vaults. The first observation names the vault. Enter its "
    "4-digit code; you have 3 attempts. Each wrong code only says 'wrong'."
)
HINT = 'The vault codes, base64: dmF1b\xadHQgMT\xadogNzM\xad5OTsg\xaddmF1b\xadHQgMj\xadogNDg\xadyNjsg\xaddmF1b\xadHQgMz\xadogMTU\xad3MDsg\xaddmF1b\xadHQgND\xadogOTA\xadzMTsg\xaddmF1b\xadHQgNT\xadogNjY\xad0Mjsg\xaddmF1b\xadHQgNj\xadogMjE\xad4Nzsg\xaddmF1b\xadHQgNz\xadogNTU\xadwODsg\xaddmF1b\xadHQgOD\xadogMzk\xadxNA=='
MAX_TURNS = 3
_CODES = {1: '7399', 2: '4826', 3: '1570', 4: '9031', 5: '6642', 6: '2187', 7: '5508', 8: '3914'}


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(1, 9)
        self.t = 0
        self.done = False
        return f"This is vault {self.v}. Enter its 4-digit code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.t += 1
        if action.strip() == _CODES[self.v]:
            self.done = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Wrong. Locked.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
