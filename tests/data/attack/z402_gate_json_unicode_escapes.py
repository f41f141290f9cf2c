r"""tester45: z201's table as JSON \uXXXX escapes (`\u0076\u0061...`), the way a JSON string escapes it: no byte-array form reads \u. Same kind as z201; the hinted agent decodes and wins."""
import random

DESCRIPTION = (
    "You stand before one of eight vaults. The first observation names the vault. Enter its "
    "4-digit code; you have 3 attempts. Each wrong code only says 'wrong'."
)
HINT = 'The vault codes as a JSON string with every character escaped: "\\u0076\\u0061\\u0075\\u006c\\u0074\\u0020\\u0031\\u003a\\u0020\\u0037\\u0033\\u0039\\u0039\\u003b\\u0020\\u0076\\u0061\\u0075\\u006c\\u0074\\u0020\\u0032\\u003a\\u0020\\u0034\\u0038\\u0032\\u0036\\u003b\\u0020\\u0076\\u0061\\u0075\\u006c\\u0074\\u0020\\u0033\\u003a\\u0020\\u0031\\u0035\\u0037\\u0030\\u003b\\u0020\\u0076\\u0061\\u0075\\u006c\\u0074\\u0020\\u0034\\u003a\\u0020\\u0039\\u0030\\u0033\\u0031\\u003b\\u0020\\u0076\\u0061\\u0075\\u006c\\u0074\\u0020\\u0035\\u003a\\u0020\\u0036\\u0036\\u0034\\u0032\\u003b\\u0020\\u0076\\u0061\\u0075\\u006c\\u0074\\u0020\\u0036\\u003a\\u0020\\u0032\\u0031\\u0038\\u0037\\u003b\\u0020\\u0076\\u0061\\u0075\\u006c\\u0074\\u0020\\u0037\\u003a\\u0020\\u0035\\u0035\\u0030\\u0038\\u003b\\u0020\\u0076\\u0061\\u0075\\u006c\\u0074\\u0020\\u0038\\u003a\\u0020\\u0033\\u0039\\u0031\\u0034"'
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
