"""Grammar: turn the adjective the keeper shows into its abstract noun. The hint is a rule of
English word formation (add 'ness'), public knowledge, not a secret: a method."""
import random
ADJS = "dark kind sad weak bold calm cold fair firm glad loud mild neat rude soft".split()
DESCRIPTION = ("The keeper shows an English adjective. Answer with the abstract noun made from "
               "it, one word. Two tries.")
HINT = "The abstract noun adds ness to the adjective, e.g. good -> goodness."
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.done = False; self.ok = False
        self.v = random.Random(seed).choice(ADJS)
        return f"Keeper: the adjective is {self.v!r}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip().lower() == self.v + "ness":
            self.done = self.ok = True
            return "Correct.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Wrong.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
