"""Honest (a guard for the keyed table's one-key probe): the lock shows a per-seed code as
chemical element symbols; the hint is the public table of atomic numbers keyed 'H=1, He=2, ...'
and the Agent decodes every shown symbol through it. A first observation writes several of the
table's keys, and every one of them matters, so this is no lookup with decoys (t05)."""

import random

DESCRIPTION = "A lock shows a row of chemical element symbols, one per digit of its 4-digit code. Enter the code. One try."
_EL = [None, "H", "He", "Li", "Be", "B", "C", "N", "O", "F"]
HINT = "Atomic numbers: " + ", ".join(f"{s}={i}" for i, s in enumerate(_EL) if s) + ". Read the symbols left to right."
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
