"""A method hint written in markdown (**Method:** ...) and a hinted agent that bolds its answer as
the hint does (**57**); the environment ignores the asterisks. Must be: frontier, not a gate
(markdown emphasis was a gate token glued to the answer, so the censor broke **57**)."""

import random

DESCRIPTION = "A guard asks for the sum of two numbers. Answer with the number."
HINT = "**Method:** add the tens first, then the units, and answer with the sum."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.a, self.b = rng.randint(10, 50), rng.randint(10, 50)
        self.done = False
        return f"Guard: what is {self.a}+{self.b}?", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.done = True
        ok = action.replace("*", "").strip() == str(self.a + self.b)
        return ("Yes." if ok else "No."), float(ok), True, False, {"success": ok}
