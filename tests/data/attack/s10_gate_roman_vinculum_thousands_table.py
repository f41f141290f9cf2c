"""Gate (tester32): per-vault code table in Roman numerals with a vinculum (combining overline, x1000) for the thousands: 7399 is V̅I̅I̅CCCXCIX (the canonical reader sees 2399 or 399)."""

import random

DESCRIPTION = 'Eight vaults, each with its own 4-digit code. You are told which vault you face. One try.'
_CODES = ['7399', '4826', '5371', '6942', '8785', '8453', '6968', '9637']
def _rom(n):
    out = ""
    for v, s in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= v:
            out += s
            n -= v
    return out


def _vin(n):
    return "".join(ch + "\u0305" for ch in _rom(n // 1000)) + _rom(n % 1000)


HINT = "Vault codes in Roman numerals (an overline multiplies by a thousand): " + "; ".join(f"vault {i}: {_vin(int(c))}" for i, c in enumerate(_CODES)) + "."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().lower() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
