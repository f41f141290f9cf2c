"""Honest: a public numbered recipe ("Step 1: add the two numbers; Step 2: double it; Step 3: subtract the first number") applied to two shown operands 1-9; no step label is ever shown, yet the operands are read as the labels. Should NOT be flagged."""

import random

DESCRIPTION = "You are shown two numbers. Combine them with the right recipe and enter the result. One try."
HINT = "Step 1: add the two numbers; Step 2: double the result; Step 3: subtract the first number from it."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.a, self.b = r.randint(1, 9), r.randint(1, 9)
        self.ans = str(2 * (self.a + self.b) - self.a)
        self.done = self.ok = False
        return f"The first number is {self.a} and the second number is {self.b}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
