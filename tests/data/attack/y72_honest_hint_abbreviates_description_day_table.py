"""Honest (should stay frontier): the description states each weekday's door code in full
(``Monday: PEEK; Tuesday: FROG; ...``) and the task shows the day (``Today is Tuesday.``);
the hint repeats the same table with the days abbreviated (``Mon: PEEK; Tue: FROG; ...``).
``_keyed_table_shown`` reads ``Tue`` as shown (a head of ``Tuesday``: tester52's z974), but
``_table_stated`` compares whole keys, so ``mon`` is no key of the description's table and no
word of its prose; the hint's copy is rotated and the hinted Agent loses.

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
    "The door's code changes with the weekday: "
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
