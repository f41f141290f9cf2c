r"""tester45: z201's table as decimal character codes joined by dots (`118.97.117...`, as an IP address is written): the decimal byte array does not read numbers around a dot. Same kind as z201; the hinted agent decodes and wins."""
import random

DESCRIPTION = (
    "You stand before one of eight vaults. The first observation names the vault. Enter its "
    "4-digit code; you have 3 attempts. Each wrong code only says 'wrong'."
)
HINT = 'The vault codes as decimal character codes joined by dots: 118.97.117.108.116.32.49.58.32.55.51.57.57.59.32.118.97.117.108.116.32.50.58.32.52.56.50.54.59.32.118.97.117.108.116.32.51.58.32.49.53.55.48.59.32.118.97.117.108.116.32.52.58.32.57.48.51.49.59.32.118.97.117.108.116.32.53.58.32.54.54.52.50.59.32.118.97.117.108.116.32.54.58.32.50.49.56.55.59.32.118.97.117.108.116.32.55.58.32.53.53.48.56.59.32.118.97.117.108.116.32.56.58.32.51.57.49.52'
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
