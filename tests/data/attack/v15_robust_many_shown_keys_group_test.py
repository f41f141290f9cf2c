"""Robust: keyed tally table of 3000 crates, every first observation names 2000 of them and the held one; group test permutes big cycles; must finish quickly. Should be flagged information_gate."""

import random

def _t(c):
    return " / ".join("|" * int(d) for d in c)

DESCRIPTION = "Many fruit crates, each with its own 4-digit code. You hold one fruit; open its crate. One try."
_R = random.Random(3)
_FRUITS = [f"crate{i}x" for i in range(3000)]
_FRUITS = ["".join(_R.choice("bcdfgklmnprstvz") + _R.choice("aeiou") for _ in range(4)) + str(i).translate(str.maketrans("0123456789", "qwertyuioh")) for i in range(3000)]
_CODES = ["".join(str(_R.randint(1, 9)) for _ in range(4)) for _ in range(3000)]
HINT = "Crate codes in tally bars, one group per digit: " + "; ".join(f"{f}: {_t(c)}" for f, c in zip(_FRUITS, _CODES)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.v = rng.randrange(3000)
        shown = rng.sample(range(3000), 2000)
        self.ans = _CODES[self.v]
        self.done = self.ok = False
        return f"Crates here: {', '.join(_FRUITS[i] for i in shown)}. You hold a {_FRUITS[self.v]}. Enter the code of its crate.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
