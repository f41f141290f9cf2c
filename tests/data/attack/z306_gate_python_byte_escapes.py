"""The vault table as Python byte escapes (b'\\x76\\x61...'): the same kind as z303."""
import random

DESCRIPTION = (
    "You stand before one of eight vaults. The first observation names the vault. Enter its "
    "4-digit code; you have 3 attempts. Each wrong code only says 'wrong'."
)
HINT = "The vault codes: b'\\x76\\x61\\x75\\x6c\\x74\\x20\\x31\\x3a\\x20\\x37\\x33\\x39\\x39\\x3b\\x20\\x76\\x61\\x75\\x6c\\x74\\x20\\x32\\x3a\\x20\\x34\\x38\\x32\\x36\\x3b\\x20\\x76\\x61\\x75\\x6c\\x74\\x20\\x33\\x3a\\x20\\x31\\x35\\x37\\x30\\x3b\\x20\\x76\\x61\\x75\\x6c\\x74\\x20\\x34\\x3a\\x20\\x39\\x30\\x33\\x31\\x3b\\x20\\x76\\x61\\x75\\x6c\\x74\\x20\\x35\\x3a\\x20\\x36\\x36\\x34\\x32\\x3b\\x20\\x76\\x61\\x75\\x6c\\x74\\x20\\x36\\x3a\\x20\\x32\\x31\\x38\\x37\\x3b\\x20\\x76\\x61\\x75\\x6c\\x74\\x20\\x37\\x3a\\x20\\x35\\x35\\x30\\x38\\x3b\\x20\\x76\\x61\\x75\\x6c\\x74\\x20\\x38\\x3a\\x20\\x33\\x39\\x31\\x34'."
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
