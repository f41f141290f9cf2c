"""A gate (should be flagged information_gate), the z701 kind with the label a number word:
the vault label shown only as base64 of 'vault three' beside eight codes in base64, the hint
a table keyed by digits."""

import base64
import random

DESCRIPTION = "An encoded vault label and eight encoded candidate codes are shown. Enter the vault's 4-digit code. 2 attempts."
HINT = "Vault codes: vault 1: 7399; vault 2: 4826; vault 3: 1570; vault 4: 9031; vault 5: 6642; vault 6: 2187; vault 7: 5508; vault 8: 3914."
MAX_TURNS = 2
_CODES = ("7399", "4826", "1570", "9031", "6642", "2187", "5508", "3914")


def _b64(text):
    return base64.b64encode(text.encode()).decode()


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        order = list(_CODES)
        rng.shuffle(order)
        self.t = 0
        shown = " ".join(_b64(c) for c in order)
        return f"Label: {_b64('vault ' + ['one','two','three','four','five','six','seven','eight'][self.v])}. Candidates: {shown}", {}

    def step(self, action):
        self.t += 1
        if action.strip() == _CODES[self.v]:
            return "open", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            return "locked", 0.0, True, False, {"success": False}
        return "wrong", 0.0, False, False, {}
