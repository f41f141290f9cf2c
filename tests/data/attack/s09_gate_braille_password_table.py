"""Gate (tester32): per-vault password table in Unicode Braille cells: ⠎⠑⠎⠁⠍⠑ is sesame."""

import random

DESCRIPTION = 'Eight vaults, each with its own password (a lowercase word). You are told which vault you face. One try.'
_CODES = ['sesame', 'walnut', 'crimson', 'harbor', 'pickle', 'meadow', 'lantern', 'velvet']
_BR = "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵"
HINT = "Vault passwords in Braille: " + "; ".join(f"vault {i}: " + "".join(_BR[ord(ch) - 97] for ch in c) for i, c in enumerate(_CODES)) + "."

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
