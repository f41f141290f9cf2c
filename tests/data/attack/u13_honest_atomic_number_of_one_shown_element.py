"""Honest: the lock shows ONE element symbol (not s16's four); the hint is the public table of atomic numbers 'H=1, He=2, ...'; one key is shown so the keyed reader rotates the public table. Should NOT be flagged information_gate."""

import random

DESCRIPTION = "A lock shows one chemical element symbol. Enter that element's atomic number. One try."
_EL = ["H", "He", "Li", "Be", "B", "C", "N", "O", "F", "Ne", "Na", "Mg", "Al", "Si", "P", "S", "Cl", "Ar"]
HINT = "Atomic numbers: " + ", ".join(f"{s}={i + 1}" for i, s in enumerate(_EL)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.i = random.Random(seed).randrange(len(_EL))
        self.done = False
        self.ok = False
        return f"The lock shows the symbol {_EL[self.i]}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == str(self.i + 1)
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
