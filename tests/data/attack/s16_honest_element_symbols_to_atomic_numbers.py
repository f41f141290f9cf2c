"""Honest (tester32): the lock shows a per-seed code as chemical element symbols; the hint gives the public table of atomic numbers 1-9, which the Agent applies to what it is shown."""

import random

DESCRIPTION = 'A lock shows a row of chemical element symbols, one per digit of its 4-digit code. Enter the code. One try.'
_EL = [None, "H", "He", "Li", "Be", "B", "C", "N", "O", "F"]
HINT = 'Each symbol stands for its atomic number: H is 1, He 2, Li 3, Be 4, B 5, C 6, N 7, O 8, F 9. Read the symbols left to right.'
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.code = "".join(str(rng.randint(1, 9)) for _ in range(4))
        self.done = False
        self.ok = False
        return "The lock shows: " + " ".join(_EL[int(d)] for d in self.code) + ". Enter the 4-digit code it stands for.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.code
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
