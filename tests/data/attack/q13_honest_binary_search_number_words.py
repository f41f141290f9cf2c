"""Honest (tester30): guess a number in 1..1000 with higher/lower feedback in 10 guesses; the hint
states binary search with its first three levels spelled in English number words with scale
words (five hundred; two hundred and fifty or seven hundred and fifty; ...)."""

import random

DESCRIPTION = (
    "Guess the secret whole number from 1 to 1000. After each guess you are told 'higher' or "
    "'lower'. You have 10 guesses."
)
HINT = (
    "Halve the range every time. Start with five hundred; if told higher, go to seven hundred "
    "and fifty, if lower to two hundred and fifty; next one hundred and twenty-five, three "
    "hundred and seventy-five, six hundred and twenty-five or eight hundred and seventy-five, "
    "and keep halving."
)
MAX_TURNS = 10


class Env:
    def reset(self, seed=None, options=None):
        self.n = random.Random(seed).randint(1, 1000)
        self.t = 0
        self.done = False
        self.ok = False
        return "Guess a number from 1 to 1000.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        try:
            g = int(action.strip())
        except ValueError:
            g = -1
        if g == self.n:
            self.done = self.ok = True
            return "Correct!", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of guesses.", 0.0, True, False, {"success": False}
        return ("higher" if g < self.n else "lower"), 0.0, False, False, {}
