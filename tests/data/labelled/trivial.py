"""Trivial: add two small numbers; the agent solves it with or without the hint."""

import random

DESCRIPTION = "Add the two numbers and answer with the sum."
HINT = "Add them."
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.a, self.b = rng.randint(10, 50), rng.randint(10, 50)
        self.turn = 0
        return f"[sum] {self.a} + {self.b} = ?", {}

    def step(self, action):
        self.turn += 1
        if action.strip() == str(self.a + self.b):
            return "right", 1.0, True, False, {"success": True}
        if self.turn >= MAX_TURNS:
            return "wrong", 0.0, False, True, {"success": False}
        return "wrong", 0.0, False, False, {}
