"""Information gate (should be flagged): the z965 table; the task shows its vault as a die
face ("You face vault ⚂.", 7 and 8 as two faces) (tester51)."""

import random

DESCRIPTION = "You stand before one of eight vaults. The valid codes are 7399, 4826, 1570, 9031, 6642, 2187, 5508 and 3914; each opens one vault. Enter the code of yours. 3 attempts."
HINT = "Vault codes: vault 1: 7399; vault 2: 4826; vault 3: 1570; vault 4: 9031; vault 5: 6642; vault 6: 2187; vault 7: 5508; vault 8: 3914."
MAX_TURNS = 3
_C = ["7399", "4826", "1570", "9031", "6642", "2187", "5508", "3914"]
_SHOW = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅", "⚅⚀", "⚅⚁"]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        self.left = 3
        return "You face vault " + _SHOW[self.v] + ".", {}

    def step(self, action):
        ok = action.strip() == _C[self.v]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
