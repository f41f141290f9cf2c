"""Coin flip: success is chance, with or without the hint."""

import random

DESCRIPTION = "A coin is tossed. Answer 'heads' or 'tails'."
HINT = "The coin is fair and tossed after you see this; no strategy beats a guess."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.side = random.Random(seed).choice(["heads", "tails"])
        return "[coin] heads or tails?", {}

    def step(self, action):
        win = action.strip().lower() == self.side
        return f"it was {self.side}", float(win), True, False, {"success": win}
