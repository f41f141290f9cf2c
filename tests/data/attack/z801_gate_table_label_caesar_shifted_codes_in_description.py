"""A gate (should be flagged information_gate), h55's kind with the label encoded: the
description lists the eight valid codes, the hint gives which vault has which, and the
observation shows the vault label only Caesar-shifted by a per-task amount ('zeypx xlvii' for
'vault three'; the Agent finds the shift that spells 'vault' and a number word)."""

import random

DESCRIPTION = "The valid codes are 7399, 4826, 1570, 9031, 6642, 2187, 5508 and 3914. A vault label, Caesar-shifted by an unknown amount, is shown. Enter the vault's code. 2 attempts."
HINT = "Vault codes: vault one: 7399; vault two: 4826; vault three: 1570; vault four: 9031; vault five: 6642; vault six: 2187; vault seven: 5508; vault eight: 3914."
MAX_TURNS = 2
_CODES = ("7399", "4826", "1570", "9031", "6642", "2187", "5508", "3914")
_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight")


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        k = rng.randrange(1, 26)
        self.t = 0
        return f"Label: {_shift(f'vault {_WORDS[self.v]}', k)}.", {}

    def step(self, action):
        self.t += 1
        if action.strip() == _CODES[self.v]:
            return "open", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            return "locked", 0.0, True, False, {"success": False}
        return "wrong", 0.0, False, False, {}
