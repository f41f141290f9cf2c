"""Gate (tester31): per-vault 4-digit code table, each code written as a phrase whose word
lengths are its digits ("pilish": 7399 = 'example the wonderful chocolate'). Not a listed notation."""

import random

DESCRIPTION = "Eight vaults, each with its own 4-digit code. You are told which vault you face. One try."
_CODES = ["7399", "4826", "5371", "6942", "3785", "8453", "2968", "9637"]
_W = {1: "a", 2: "an", 3: "the", 4: "blue", 5: "apple", 6: "banana", 7: "example", 8: "elephant",
      9: "wonderful"}
HINT = "Each vault's code is the word lengths of its phrase: " + "; ".join(
    f"vault {i} says '{' '.join(_W[int(d)] for d in c)}'" for i, c in enumerate(_CODES)) + "."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().lower() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
