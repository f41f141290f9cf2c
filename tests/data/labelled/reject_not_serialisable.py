import math

DESCRIPTION = "Say the magic word."
HINT = "The magic word is a colour of the sky on a clear day."
MAX_TURNS = 3


class Env:
    """info holds a set, a NaN and a function."""

    def reset(self, seed=None, options=None):
        self.turn = 0
        return "start", {}

    def step(self, action):
        self.turn += 1
        info = {"visited": {1, 2}, "score": math.nan, "callback": print}
        return "obs", 0.0, False, self.turn >= MAX_TURNS, info
