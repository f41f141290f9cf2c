"""Gate (tester32): per-vault code table in Mayan numerals (U+1D2E0..), base 20, every base-20 digit 10-19, so no character has a numeric value 0-9: 7459 is 18,12,19."""

import random

DESCRIPTION = 'Eight vaults, each with its own 4-digit code. You are told which vault you face. One try.'
_CODES = ['7459', '5036', '5551', '7132', '4693', '6215', '4338', '7837']
HINT = "Vault codes in Mayan numerals, base twenty, most significant first: " + "; ".join(f"vault {i}: " + "".join(chr(0x1D2E0 + d) for d in (int(c) // 400, int(c) // 20 % 20, int(c) % 20)) for i, c in enumerate(_CODES)) + "."

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
