"""Honest (tester31): a number N (2..1000) is SHOWN; answer the smallest power of two not below
it. The hint states the rule and lists the powers of two (public knowledge, the same for every
seed); the per-seed input is in the observation."""

import random

DESCRIPTION = "A whole number N is shown. Answer the number the rule asks for. One try."
HINT = (
    "Answer the smallest power of two that is at least N. The powers of two double each time: "
    "1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024; take the first one not below N."
)
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.n = random.Random(seed).randint(2, 1000)
        self.done = False
        self.ok = False
        return f"N = {self.n}", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        p = 1
        while p < self.n:
            p *= 2
        self.done = True
        self.ok = action.strip() == str(p)
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
