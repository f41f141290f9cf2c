"""Learnable: guess a number in 1..1000 in 10 guesses with higher/lower feedback; a non-number
ends the game. The hint teaches the method (binary search), naming only its starting point."""
import random
DESCRIPTION = ("I picked a whole number from 1 to 1000. Guess it; after each guess I say higher "
               "or lower. You have 10 guesses. Answer with a number only; anything else ends the game.")
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
        try:
            g = int(action.strip())
        except ValueError:
            self.done = True
            return "Not a number: game over.", 0.0, True, False, {"success": False}
        if g == self.secret:
            self.done = self.ok = True
            return "Correct!", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of guesses.", 0.0, True, False, {"success": False}
        return ("higher" if g < self.secret else "lower"), 0.0, False, False, {}
