"""tester44: z201's base64 table with a zero-width space (U+200B, an invisible character the
tokens drop) after every 6th character: the decoder sees 6-character runs."""
import random

DESCRIPTION = (
    "You stand before one of eight vaults. The first observation names the vault. Enter its "
    "4-digit code; you have 3 attempts. Each wrong code only says 'wrong'."
)
HINT = 'The vault codes, base64-encoded (UTF-8; ignore invisible characters): dmF1bH\u200bQgMTog\u200bNzM5OT\u200bsgdmF1\u200bbHQgMj\u200bogNDgy\u200bNjsgdm\u200bF1bHQg\u200bMzogMT\u200bU3MDsg\u200bdmF1bH\u200bQgNDog\u200bOTAzMT\u200bsgdmF1\u200bbHQgNT\u200bogNjY0\u200bMjsgdm\u200bF1bHQg\u200bNjogMj\u200bE4Nzsg\u200bdmF1bH\u200bQgNzog\u200bNTUwOD\u200bsgdmF1\u200bbHQgOD\u200bogMzkx\u200bNA=='
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
