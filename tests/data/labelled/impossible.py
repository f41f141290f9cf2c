"""Impossible: the win test compares the action (a string) to a dict, so nothing wins."""

import random

DESCRIPTION = "Name the colour I am thinking of (red, green or blue). You have 3 tries."
HINT = "The colour is the one whose name has the most letters among red, green and blue."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        self.colour = random.Random(seed).choice(["red", "green", "blue"])
        self.turn = 0
        return "[colour] which colour?", {}

    def step(self, action):
        self.turn += 1
        if action.strip() == {"colour": self.colour}:  # the bug: str == dict is never true
            return "yes", 1.0, True, False, {"success": True}
        if self.turn >= MAX_TURNS:
            return "no", 0.0, False, True, {"success": False}
        return "no", 0.0, False, False, {}
