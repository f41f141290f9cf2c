"""Honest (should stay frontier): y05 with steps of four words each, the shape of list read since session 28 (tester35's v07: entries of 4-6 words where all have as many): a public recipe applied to a shown start of 1 or 2 and a shown word; the list probe must find it a recipe."""

import random

DESCRIPTION = "A dial shows 1 or 2, and you are shown a word. Apply the recipe and enter the result. One try."
HINT = "Recipe, in order: first add four more; multiply by word length; finally subtract three units."
MAX_TURNS = 1
_WORDS = ["cat", "house", "planet", "rhythm", "lantern", "elephant", "sky", "garden", "orbit", "marble"]


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.n = r.randint(1, 2)
        self.w = r.choice(_WORDS)
        self.ans = str((self.n + 4) * len(self.w) - 3)
        self.done = self.ok = False
        return f"The dial shows {self.n}. The word is {self.w}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
