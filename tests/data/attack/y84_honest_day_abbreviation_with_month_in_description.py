"""Honest (should stay frontier): y72's weekday table (``Monday: PEEK; ...`` in the
description, ``Mon: PEEK; ...`` in the hint), the description also saying the code is reset
each month. ``_table_stated`` reads a 3-4 letter key as the stated word it begins only where
exactly one stated word of 5+ letters begins so; ``mon`` begins both ``monday`` and
``month``, so ``mon`` is no stated key, the table is not stated, and the relabelled route
rotates the hint's copy; the hinted Agent loses.

Gets: information_gate (relabelled, keys), see the test for seeds."""

import random

_D = [
    ("Monday", "PEEK"),
    ("Tuesday", "FROG"),
    ("Wednesday", "LAMB"),
    ("Thursday", "SILK"),
    ("Friday", "MOTH"),
    ("Saturday", "CORK"),
    ("Sunday", "DUSK"),
]
DESCRIPTION = (
    "The door's code changes with the weekday (the list is renewed each month): "
    + "; ".join(f"{d}: {c}" for d, c in _D)
    + ". Enter today's code. 3 attempts."
)
HINT = "Codes by day, as the task says: " + "; ".join(f"{d[:3]}: {c}" for d, c in _D) + "."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(7)
        self.left = 3
        return "Today is " + _D[self.v][0] + ". The door is locked.", {}

    def step(self, action):
        ok = action.strip().upper() == _D[self.v][1]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
