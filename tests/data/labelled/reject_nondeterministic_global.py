import random

DESCRIPTION = "Say the magic word."
HINT = "The magic word is a colour of the sky on a clear day."
MAX_TURNS = 3


class Env:
    """reset creates a seeded generator but draws from the global random module."""

    def reset(self, seed=None, options=None):
        self.rng = random.Random(seed)
        self.turn = 0
        self.secret = random.randint(1, 1000)  # the bug: global random, not self.rng
        return f"number {self.secret}", {}

    def step(self, action):
        self.turn += 1
        done = action.strip() == "blue"
        return "obs", float(done), done, (not done and self.turn >= MAX_TURNS), {"success": done}
