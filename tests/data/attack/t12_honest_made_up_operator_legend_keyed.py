"""Honest: a legend of made-up operator words ('zorp: multiply them'); the task shows one operator between two random numbers and the Agent must compute. The keyed-table route rotates the legend's keys."""

import random

DESCRIPTION = "Compute an expression written with one of four made-up operator words (blip, zorp, frob, quux) between two random numbers. One try."
HINT = ("Operator legend: blip: add the two numbers; zorp: multiply them; "
        "frob: subtract the second from the first; quux: take the larger one and double it.")
_OPS = ["blip", "zorp", "frob", "quux"]

MAX_TURNS = 1


def _value(op, a, b):
    return {"blip": a + b, "zorp": a * b, "frob": a - b, "quux": 2 * max(a, b)}[op]


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.op = r.choice(_OPS)
        self.a, self.b = r.randint(20, 99), r.randint(11, 19)
        self.done = False
        self.ok = False
        return f"Compute {self.a} {self.op} {self.b}. Reply with the number.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == str(_value(self.op, self.a, self.b))
        return ("Correct." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
