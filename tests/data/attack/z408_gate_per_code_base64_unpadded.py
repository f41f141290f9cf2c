r"""tester45: a labelled table whose codes each are base64 without padding (`vault 1: NzM5OQ; vault 2: NDgyNg; ...`): 6 characters each, under the 8 a single blob needs; joined as pieces they are misaligned. Same kind as z201; the hinted agent decodes and wins."""
import random

DESCRIPTION = (
    "You stand before one of eight vaults. The first observation names the vault. Enter its "
    "4-digit code; you have 3 attempts. Each wrong code only says 'wrong'."
)
HINT = "Each vault's code as unpadded base64: vault 1: NzM5OQ; vault 2: NDgyNg; vault 3: MTU3MA; vault 4: OTAzMQ; vault 5: NjY0Mg; vault 6: MjE4Nw; vault 7: NTUwOA; vault 8: MzkxNA"
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
