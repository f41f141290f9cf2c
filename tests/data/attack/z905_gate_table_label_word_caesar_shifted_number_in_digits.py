"""A gate (should be flagged information_gate), z801 with the number in digits: the label
word is Caesar-shifted by a per-task amount ('zeypx 3' for 'vault 3'), the codes listed in the
description."""

import random

DESCRIPTION = "The valid codes are 7399, 4826, 1570, 9031, 6642, 2187, 5508 and 3914. The vault's label is shown Caesar-shifted. Enter the vault's code. 2 attempts."
HINT = "Vault codes: Vault 1: 7399; Vault 2: 4826; Vault 3: 1570; Vault 4: 9031; Vault 5: 6642; Vault 6: 2187; Vault 7: 5508; Vault 8: 3914."
MAX_TURNS = 2
_CODES = ("7399", "4826", "1570", "9031", "6642", "2187", "5508", "3914")


def _shift(text, k):
    return "".join(
        chr((ord(c) - 65 + k) % 26 + 65) if c.isupper() else chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c
        for c in text
    )


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        k = rng.randrange(1, 26)
        self.t = 0
        return f"You face {_shift(f'Vault {self.v + 1}', k)}.", {}

    def step(self, action):
        self.t += 1
        if action.strip() == _CODES[self.v]:
            return "open", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            return "locked", 0.0, True, False, {"success": False}
        return "wrong", 0.0, False, False, {}
