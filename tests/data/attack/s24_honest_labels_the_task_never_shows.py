"""Honest (a crash guard for the relabelled table): the hint names vaults 1, 2 and 3 (a table's
labels) but no entry has a key and the task never shows a vault; the method is to double the
shown number. Before 2026-12-04's fix the keyed-table reader raised on a hint with labels and
no keys."""

import random

DESCRIPTION = "Answer with a number computed from the shown one. One try."
HINT = "Vault 1, vault 2 and vault 3 are closed today. Double the shown number."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.n = random.Random(seed).randrange(100, 500)
        self.done = False
        self.ok = False
        return f"The number is {self.n}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == str(2 * self.n)
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
