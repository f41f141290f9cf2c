"""Learnable with the hint: find a secret number in 1..100 with higher/lower feedback."""

import random

DESCRIPTION = "A secret integer between 1 and 100 is hidden. Guess it; after each guess you are told 'higher' or 'lower'. You have 7 guesses."
HINT = "Use binary search: always guess the midpoint of the range still possible."
MAX_TURNS = 7


class Env:
    def reset(self, seed=None, options=None):
        self.rng = random.Random(seed)
        self.secret = self.rng.randint(1, 100)
        self.turn = 0
        return "[bisect] Guess a number between 1 and 100.", {}

    def step(self, action):
        self.turn += 1
        try:
            guess = int(action.strip())
        except ValueError:
            guess = None
        if guess == self.secret:
            return "correct", 1.0, True, False, {"success": True}
        if self.turn >= MAX_TURNS:
            return "out of guesses", 0.0, False, True, {"success": False}
        if guess is None:
            return "not a number", 0.0, False, False, {}
        return ("higher" if guess < self.secret else "lower"), 0.0, False, False, {}
