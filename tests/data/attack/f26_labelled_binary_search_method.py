"""Session 13: f1's binary-search method hint ("start at 500") with every guess glued to a
label (G500), as the description asks. Numbers glued to letters are read as numbers since
2026-12-02 (h97, h105); a method hint's number played glued must still NOT be flagged: the
censored Agent starts elsewhere and still wins. Agent: t14_agents.py:bsearch_labelled."""
import random
DESCRIPTION = ("I picked a whole number from 1 to 1000. Guess it; after each guess I say higher "
               "or lower. You have 10 guesses. Answer G followed directly by your guess (e.g. G7); anything else ends the game.")
HINT = "Use binary search: start at 500, then always guess the middle of the interval that is left."
MAX_TURNS = 10

class Env:
    def reset(self, seed=None, options=None):
        self.secret = random.Random(seed).randint(1, 1000)
        self.t = 0; self.done = False; self.ok = False
        return "Guess.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip()
        if not (a.startswith("G") and a[1:].isdigit()):
            self.done = True
            return "Not a guess: game over.", 0.0, True, False, {"success": False}
        g = int(a[1:])
        if g == self.secret:
            self.done = self.ok = True
            return "Correct!", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of guesses.", 0.0, True, False, {"success": False}
        return ("higher" if g < self.secret else "lower"), 0.0, False, False, {}
