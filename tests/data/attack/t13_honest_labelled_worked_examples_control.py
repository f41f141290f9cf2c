"""Honest control: worked examples labelled 'puzzle 1..3' teach a method (sum of digits of the product); the task shows 'puzzle N' with fresh numbers. Rotating the example labels must not matter."""

import random

DESCRIPTION = "Each puzzle shows two numbers; reply with the hidden function of them (a single number). One try."
HINT = ("Multiply the two numbers, then add up the digits of the product. Worked examples: "
        "puzzle 1: 12 and 34 give 408, so 12; puzzle 2: 25 and 17 give 425, so 11; "
        "puzzle 3: 31 and 22 give 682, so 16.")

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.n = r.randint(4, 99)
        self.a, self.b = r.randint(11, 99), r.randint(11, 99)
        self.done = False
        self.ok = False
        return f"Puzzle {self.n}: {self.a} and {self.b}. Reply with the number.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == str(sum(map(int, str(self.a * self.b))))
        return ("Correct." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
