"""Tester-a: f1's binary-search method hint ("start at 500") with every guess zero-padded to 4
digits (0500), as "always answer with 4 digits" asks. Must NOT be flagged.
Agent: t13_agents.py:bsearch_padded.
Critic (attack(), k=4, rng 11, 54b999b, 2026-12-02): EnvScored accepted=True, flags=[],
regret=1.0, 0.8 s; gate check tokens 0500 (constant), censored_wins 6/6. Held."""
import random
DESCRIPTION = ("I picked a whole number from 1 to 1000. Guess it; after each guess I say higher "
               "or lower. You have 10 guesses. Answer with exactly 4 digits, zero-padded (e.g. 0042); anything else ends the game.")
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
            a = action.strip()
            if len(a) != 4 or not a.isdigit():
                raise ValueError(a)
            g = int(a)
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
