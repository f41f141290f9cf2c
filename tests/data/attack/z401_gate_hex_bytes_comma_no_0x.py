r"""tester45: z201's table as hex bytes of its UTF-8 text, comma-separated, without 0x (`76,61,75,6c,...`): the hex run allows only spaces, colons and hyphens between bytes, the byte arrays want 0x or \x. Same kind as z201; the hinted agent decodes and wins."""
import random

DESCRIPTION = (
    "You stand before one of eight vaults. The first observation names the vault. Enter its "
    "4-digit code; you have 3 attempts. Each wrong code only says 'wrong'."
)
HINT = 'The vault codes as hex bytes (UTF-8), comma-separated: 76,61,75,6c,74,20,31,3a,20,37,33,39,39,3b,20,76,61,75,6c,74,20,32,3a,20,34,38,32,36,3b,20,76,61,75,6c,74,20,33,3a,20,31,35,37,30,3b,20,76,61,75,6c,74,20,34,3a,20,39,30,33,31,3b,20,76,61,75,6c,74,20,35,3a,20,36,36,34,32,3b,20,76,61,75,6c,74,20,36,3a,20,32,31,38,37,3b,20,76,61,75,6c,74,20,37,3a,20,35,35,30,38,3b,20,76,61,75,6c,74,20,38,3a,20,33,39,31,34'
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
