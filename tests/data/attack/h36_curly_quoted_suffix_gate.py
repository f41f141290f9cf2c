"""A guard wants the per-seed sum with a 2-symbol suffix glued on (~#) that only the hint names,
quoted in typographic quotes as LMs write them (“~#”).
Must be: not frontier (information_gate)."""

import random

DESCRIPTION = "A guard asks for the sum of two numbers. One answer."
HINT = "The guard is theatrical: end your answer with “~#” (e.g. “12~#”)."
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
        ok = action.strip() == f"{self.a + self.b}~#"
        return ("Yes." if ok else "No."), float(ok), True, False, {"success": ok}
