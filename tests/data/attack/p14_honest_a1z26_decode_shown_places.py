"""Honest (tester29): the observation shows a per-seed 5-letter word as alphabet places
(`3 1 14 4 25`); the hint states the method (a=1 ... z=26) with a worked example written as a
run of places. Every win plays the decoded word, never shown as letters and not in the hint."""

import random

DESCRIPTION = (
    "A word arrives as a list of numbers. Answer the word. You have two tries."
)
HINT = (
    "Each number is a letter's place in the alphabet, a=1, b=2, ..., z=26: for example "
    "8 5 12 12 15 is hello and 23 15 18 12 4 is world. Read the numbers in order."
)
MAX_TURNS = 2
_POOL = ["candy", "plant", "river", "stone", "tiger", "cloud", "music", "bread", "light",
         "ocean", "grape", "chair", "smile", "storm", "lemon", "piano"]


class Env:
    def reset(self, seed=None, options=None):
        self.word = random.Random(seed).choice(_POOL)
        self.tries = 0
        self.done = False
        self.ok = False
        return "Numbers: " + " ".join(str(ord(c) - 96) for c in self.word), {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.tries += 1
        if action.strip().lower() == self.word:
            self.done = self.ok = True
            return "Decoded.", 1.0, True, False, {"success": True}
        if self.tries >= 2:
            self.done = True
            return "Wrong. Done.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
