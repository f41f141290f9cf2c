"""A gate (should be flagged information_gate), z904 written backwards: the description lists the
eight valid codes, the hint gives which vault has which, and the observation shows 'Vault 3.'
written backwards ('.3 tluaV')."""

import random

DESCRIPTION = "The valid codes are 7399, 4826, 1570, 9031, 6642, 2187, 5508 and 3914. Enter the vault's code. 2 attempts."
HINT = "Vault codes: vault 1: 7399; vault 2: 4826; vault 3: 1570; vault 4: 9031; vault 5: 6642; vault 6: 2187; vault 7: 5508; vault 8: 3914."
MAX_TURNS = 2
_CODES = ("7399", "4826", "1570", "9031", "6642", "2187", "5508", "3914")


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        self.t = 0
        return f"Vault {self.v + 1}."[::-1], {}

    def step(self, action):
        self.t += 1
        if action.strip() == _CODES[self.v]:
            return "open", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            return "locked", 0.0, True, False, {"success": False}
        return "wrong", 0.0, False, False, {}
