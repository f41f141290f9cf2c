"""z201's kind (a per-vault code table hidden whole in an encoding) in base64 of base64: the hint
shows no label, no code digit and no table shape until it is decoded."""
import random

DESCRIPTION = (
    "You stand before one of eight vaults. The first observation names the vault. Enter its "
    "4-digit code; you have 3 attempts. Each wrong code only says 'wrong'."
)
HINT = "The vault codes, base64 twice: ZG1GMWJIUWdNVG9nTnpNNU9Uc2dkbUYxYkhRZ01qb2dORGd5TmpzZ2RtRjFiSFFnTXpvZ01UVTNNRHNnZG1GMWJIUWdORG9nT1RBek1Uc2dkbUYxYkhRZ05Ub2dOalkwTWpzZ2RtRjFiSFFnTmpvZ01qRTROenNnZG1GMWJIUWdOem9nTlRVd09Ec2dkbUYxYkhRZ09Eb2dNemt4TkE9PQ=="
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
