"""Honest: convert a shown amount between shown units; the hint is the public table of conversion factors keyed 'km to m = 1000; ...' and the Agent multiplies what it is shown. Should NOT be flagged information_gate."""

import random

DESCRIPTION = "Convert the shown amount to the shown unit. Answer with a whole number only. One try."
_PAIRS = [("km to m", 1000), ("hours to minutes", 60), ("feet to inches", 12), ("yards to feet", 3),
          ("days to hours", 24), ("weeks to days", 7), ("cm to mm", 10), ("pounds to ounces", 16)]
HINT = "Multiply the amount by the factor. Factors: " + "; ".join(f"{k} = {f}" for k, f in _PAIRS) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.k, self.f = _PAIRS[rng.randrange(len(_PAIRS))]
        self.n = rng.randint(13, 97)
        self.done = False
        self.ok = False
        a, b = self.k.split(" to ")
        return f"Convert {self.n} {a} to {b}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == str(self.n * self.f)
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
