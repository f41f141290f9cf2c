"""f1 (binary search from 500, a method hint the gate check lets through), but every feedback
carries a 1 MB banner of U+FDFA (one character NFKC expands to 18). The censored agent of the
gate check folds each new observation on the event loop (_EpisodeView.see -> _Seen -> _fold:
~1.8 s a banner, 6.1 M characters, then one substring scan of them per unstated hint token),
6 censored episodes at once, and the loop's stall is metered as the environment's sandbox
time of every episode in flight. Expected: scored, frontier (the method still wins censored).
"""
import random
DESCRIPTION = ("I picked a whole number from 1 to 1000. Guess it; after each guess I say higher "
               "or lower, under a banner of calligraphy. You have 10 guesses. Answer with a "
               "number only; anything else ends the game.")
HINT = "Use binary search: start at 500, then always guess the middle of the interval that is left."
MAX_TURNS = 10
_BANNER = "\ufdfa" * 340000


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
        return ("higher" if g < self.secret else "lower") + "\n" + _BANNER, 0.0, False, False, {}
