r"""tester45: z201's table as base64 of its UTF-16LE text (as PowerShell's -EncodedCommand writes it): the decoded bytes hold NULs, so they are not read as UTF-8 text. Same kind as z201; the hinted agent decodes and wins."""
import random

DESCRIPTION = (
    "You stand before one of eight vaults. The first observation names the vault. Enter its "
    "4-digit code; you have 3 attempts. Each wrong code only says 'wrong'."
)
HINT = 'The vault codes as base64 of UTF-16LE text: dgBhAHUAbAB0ACAAMQA6ACAANwAzADkAOQA7ACAAdgBhAHUAbAB0ACAAMgA6ACAANAA4ADIANgA7ACAAdgBhAHUAbAB0ACAAMwA6ACAAMQA1ADcAMAA7ACAAdgBhAHUAbAB0ACAANAA6ACAAOQAwADMAMQA7ACAAdgBhAHUAbAB0ACAANQA6ACAANgA2ADQAMgA7ACAAdgBhAHUAbAB0ACAANgA6ACAAMgAxADgANwA7ACAAdgBhAHUAbAB0ACAANwA6ACAANQA1ADAAOAA7ACAAdgBhAHUAbAB0ACAAOAA6ACAAMwA5ADEANAA='
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
