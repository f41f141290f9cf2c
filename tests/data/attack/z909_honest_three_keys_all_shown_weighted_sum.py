"""Honest (should stay frontier): a keyed table of 3 fruits, all 3 shown in every task, applied
to all of them (the total weight of the fruits held, counts per task), as a public table of
atomic numbers is applied to every shown symbol; the all-keys-shown swap probe (tester35's
v02, session 28) must find every swap lost."""

import random

DESCRIPTION = "You hold some apples, pears and plums. Enter their total weight in grams. One try."
HINT = "Fruit weights in grams: apple: 150; pear: 180; plum: 60. Multiply each count by its weight and add."
MAX_TURNS = 1
_W = {"apple": 150, "pear": 180, "plum": 60}


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        counts = rng.sample(range(1, 10), 3)
        order = list(_W)
        rng.shuffle(order)
        self.held = dict(zip(order, counts))
        self.ans = str(sum(_W[f] * n for f, n in self.held.items()))
        self.done = self.ok = False
        return "You hold " + ", ".join(f"{n} {f}" for f, n in self.held.items()) + ". Enter the total weight.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
