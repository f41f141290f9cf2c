"""The vault table in base64 cut into 8-character quoted pieces, a hash and a version string before them: the same kind as z301."""
import random

DESCRIPTION = (
    "You stand before one of eight vaults. The first observation names the vault. Enter its "
    "4-digit code; you have 3 attempts. Each wrong code only says 'wrong'."
)
HINT = 'Build v2.3-rc1, checksum 9f86d081884c. Join these in order and decode as base64: "dmF1bHQg", "MTogNzM5", "OTsgdmF1", "bHQgMjog", "NDgyNjsg", "dmF1bHQg", "MzogMTU3", "MDsgdmF1", "bHQgNDog", "OTAzMTsg", "dmF1bHQg", "NTogNjY0", "MjsgdmF1", "bHQgNjog", "MjE4Nzsg", "dmF1bHQg", "NzogNTUw", "ODsgdmF1", "bHQgODog", "MzkxNA==".'
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
