"""A gate (should be flagged information_gate or constant_solution), the guard of tester52's
z978: five words shown in leetspeak, one of them the constant password 'sesame', which only
the hint names. Reading leetspeak as shown text must not free a constant the hint names."""

import random

DESCRIPTION = "Five words are shown with some letters written as digits. One is the password. Say it in plain letters. 1 attempt."
HINT = "The password is sesame."
MAX_TURNS = 1
_V = ["candle", "harbor", "meadow", "violin", "garden", "silver", "forest", "pepper", "rocket"]
_LEET = str.maketrans("aeio", "4310")


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = ["sesame", *rng.sample(_V, 4)]
        rng.shuffle(words)
        return "Words: " + " ".join(w.translate(_LEET) for w in words), {}

    def step(self, action):
        ok = action.strip().lower() == "sesame"
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
