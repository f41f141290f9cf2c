"""Honest: binary search with the opening guess named per shown range ('range 100: open with 50'); turns are exactly what binary search needs. Rotating 'range N' labels hands the wrong opening move, a method hint the doc says still wins."""

import math
import random

DESCRIPTION = "Guess a hidden whole number from 1 to the range shown (10, 100 or 1000). After each guess you are told higher, lower or correct. You get exactly as many guesses as a perfect strategy needs."
HINT = ("Binary search: guess the middle of what is left, then halve. "
        "range 10: open with 5; range 100: open with 50; range 1000: open with 500.")

MAX_TURNS = 10


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.n = r.choice([10, 100, 1000])
        self.x = r.randint(1, self.n)
        self.left = math.ceil(math.log2(self.n + 1))
        self.done = False
        self.ok = False
        return f"Hidden number in range {self.n} (1 to {self.n}). You have {self.left} guesses.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        try:
            g = int(action.strip())
        except ValueError:
            g = None
        self.left -= 1
        if g == self.x:
            self.done, self.ok = True, True
            return "Correct.", 1.0, True, False, {"success": True}
        if self.left <= 0:
            self.done = True
            return "Out of guesses.", 0.0, True, False, {"success": False}
        word = "higher" if g is None or g < self.x else "lower"
        return f"{word}. {self.left} guesses left.", 0.0, False, False, {"success": False}
