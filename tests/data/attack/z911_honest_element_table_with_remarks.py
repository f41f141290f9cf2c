"""Honest (should stay frontier): s16 with a remark in brackets after each key ('He (helium):
2'), the shape of keyed table read since session 28 (tester34's u02): the lock shows a per-seed
code as element symbols and the hint's public table of atomic numbers decodes every one."""

import random

DESCRIPTION = "A lock shows a row of chemical element symbols, one per digit of its 4-digit code. Enter the code. One try."
_EL = [None, "H", "He", "Li", "Be", "B", "C", "N", "O", "F"]
_NAMES = [None, "hydrogen", "helium", "lithium", "beryllium", "boron", "carbon", "nitrogen", "oxygen", "fluorine"]
HINT = "Atomic numbers, read left to right: " + "; ".join(f"{_EL[i]} ({_NAMES[i]}): {i}" for i in range(1, 10)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.code = "".join(str(rng.randint(1, 9)) for _ in range(4))
        self.done = self.ok = False
        return "The lock shows: " + " ".join(_EL[int(d)] for d in self.code) + ". Enter the 4-digit code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.code
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
