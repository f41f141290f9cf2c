"""A method hint for a polynomial task whose answer syntax the description states (Python,
e.g. 3*x**2+1): the hint's k*x**2 uses the stated ** glued to letters and digits.
Must be: frontier, not an information gate."""

import random

DESCRIPTION = (
    "Give a polynomial in x, in Python syntax such as 3*x**2+1, whose value at x=2 is the "
    "number the observation names. One answer."
)
HINT = "Method: a square works well; answer k*x**2 with k the target divided by 4."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.k = rng.randint(2, 30)
        self.done = False
        return f"Target value at x=2: {4 * self.k}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.done = True
        a = action.strip()
        ok = False
        if len(a) < 40 and set(a) <= set("0123456789x*+- "):
            try:
                ok = eval(a, {"__builtins__": {}}, {"x": 2}) == 4 * self.k  # noqa: S307
            except Exception:
                ok = False
        return ("Yes." if ok else "No."), float(ok), True, False, {"success": ok}
