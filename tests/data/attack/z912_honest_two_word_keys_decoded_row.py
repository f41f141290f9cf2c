"""Honest (should stay frontier): a public table keyed by two words with no word of its own
('light red', 'dark red', ...), the shape of keyed table read since session 28 (tester34's
u04), applied to every colour of a shown row: the per-seed code is the row decoded."""

import random

DESCRIPTION = "A lock shows a row of four colours, one per digit of its code. Enter the code. One try."
_KEYS = [f"{shade} {colour}" for colour in ("red", "blue", "green", "grey") for shade in ("light", "dark")]
HINT = "Colour digits, read left to right: " + "; ".join(f"{k} is {i + 1}" for i, k in enumerate(_KEYS)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.code = "".join(str(rng.randint(1, 8)) for _ in range(4))
        self.done = self.ok = False
        return "The lock shows: " + ", ".join(_KEYS[int(d) - 1] for d in self.code) + ". Enter the code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.code
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
