"""Learnable: guess 1..1000 with higher/lower feedback; after 'Correct!' answer 'claim' (the
description says so). The hint teaches binary search and recaps the stated 'claim' step."""
import random
DESCRIPTION = ("I picked a whole number from 1 to 1000. Guess it; after each guess I say higher or lower. "
               "When I say Correct, answer claim to collect your prize. You have 12 turns. "
               "Answer with a number (or claim) only; anything else ends the game.")
HINT = "Use binary search: always guess the middle of the interval that is left; after Correct, answer claim."
MAX_TURNS = 12

class Env:
    def reset(self, seed=None, options=None):
        self.secret = random.Random(seed).randint(1, 1000)
        self.t = 0; self.done = False; self.found = False
        return "Guess.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.t += 1
        a = action.strip().lower()
        if self.found:
            self.done = True
            ok = a == "claim"
            return ("Prize collected." if ok else "You did not claim: game over."), float(ok), True, False, {"success": ok}
        try:
            g = int(a)
        except ValueError:
            self.done = True
            return "Not a number: game over.", 0.0, True, False, {"success": False}
        if g == self.secret:
            self.found = True
            return "Correct! Now claim your prize.", 0.0, False, False, {}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of turns.", 0.0, True, False, {"success": False}
        return ("higher" if g < self.secret else "lower"), 0.0, False, False, {}
