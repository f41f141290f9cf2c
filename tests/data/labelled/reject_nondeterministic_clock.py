import random
import time

DESCRIPTION = "Say the magic word."
HINT = "The magic word is a colour of the sky on a clear day."
MAX_TURNS = 3


class Env:
    """seeds its generator from the wall clock."""

    def reset(self, seed=None, options=None):
        self.rng = random.Random(time.time())
        self.turn = 0
        return f"number {self.rng.randint(1, 1000)}", {}

    def step(self, action):
        self.turn += 1
        done = action.strip() == "blue"
        return "obs", float(done), done, (not done and self.turn >= MAX_TURNS), {"success": done}
