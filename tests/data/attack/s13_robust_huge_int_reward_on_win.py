"""Robustness (tester32): the program lifts the int-to-str limit and returns an int reward of
10**400 on a win (float() of it raises OverflowError; its JSON text has 401 digits). Scoring must
name a rejection (or count the episode), never raise."""

import random
import sys

if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)

DESCRIPTION = "Guess the secret digit 0-9. One try."
HINT = "The secret is the vault number shown, modulo 10."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.d = random.Random(seed).randrange(10)
        self.done = False
        return f"This is vault {self.d}. Guess the secret digit.", {}

    def step(self, action):
        if self.done:
            return "over", 0, True, False, {}
        self.done = True
        ok = action.strip() == str(self.d)
        return ("Right." if ok else "Wrong."), (10**400 if ok else 0), True, False, {}
