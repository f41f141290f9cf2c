r"""tester45: z201's table as base64 written in 4-character groups joined by hyphens, as a licence key (`dmF1-bHQg-MTog-...`): one run of the URL-safe alphabet, read whole, decodes to garbage. Same kind as z201; the hinted agent decodes and wins."""
import random

DESCRIPTION = (
    "You stand before one of eight vaults. The first observation names the vault. Enter its "
    "4-digit code; you have 3 attempts. Each wrong code only says 'wrong'."
)
HINT = 'The vault codes as base64, in groups of four (drop the hyphens): dmF1-bHQg-MTog-NzM5-OTsg-dmF1-bHQg-Mjog-NDgy-Njsg-dmF1-bHQg-Mzog-MTU3-MDsg-dmF1-bHQg-NDog-OTAz-MTsg-dmF1-bHQg-NTog-NjY0-Mjsg-dmF1-bHQg-Njog-MjE4-Nzsg-dmF1-bHQg-Nzog-NTUw-ODsg-dmF1-bHQg-ODog-Mzkx-NA=='
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
