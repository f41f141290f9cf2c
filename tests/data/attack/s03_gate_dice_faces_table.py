"""Gate (tester32): per-vault code table (digits 1-6) written as Unicode die faces: 6355 is ⚅⚂⚄⚄."""

import random

DESCRIPTION = 'Eight vaults, each with its own 4-digit code. You are told which vault you face. One try.'
_CODES = ['6355', '1426', '5312', '2641', '3154', '4263', '6521', '2536']
HINT = "Vault codes, read the pips: " + "; ".join(f"vault {i}: " + "".join(chr(0x2680 + int(d) - 1) for d in c) for i, c in enumerate(_CODES)) + "."

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
