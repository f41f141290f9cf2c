"""Honest (tester32): the lock shows a per-seed code (digits 1-6) as Unicode die faces; the hint teaches reading a face as its pip count."""

import random

DESCRIPTION = 'A lock shows a row of die faces, one per digit of its 4-digit code. Enter the code. One try.'

HINT = 'Count the pips on each face: ⚀ is 1, ⚁ 2, ⚂ 3, ⚃ 4, ⚄ 5, ⚅ 6. Type the counts left to right.'
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.code = "".join(str(rng.randint(1, 6)) for _ in range(4))
        self.done = False
        self.ok = False
        return "The lock shows: " + "".join(chr(0x2680 + int(d) - 1) for d in self.code) + ". Enter the 4-digit code it stands for.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.code
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
