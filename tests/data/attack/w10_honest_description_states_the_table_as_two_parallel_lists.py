"""Honest (should stay frontier): the description states the crate table as two parallel lists
("The crates, in order: apple, pear, ... Their codes, in the same order: PEEK, FROG, ...") and
the hint repeats it as ``apple: PEEK; ...``. ``_table_stated`` reads only ``key: value`` tables
and sentence parts naming a key with its value, so the table is not stated and the relabelled
route flags it.

engine.score --k 8 (tk38_agents.py:crate), seeds 0-3 and 11: information_gate (relabelled,
keys, 0/6), regret 0.625-0.875."""

import random

_T = [
    ("apple", "PEEK"),
    ("pear", "FROG"),
    ("plum", "LAMB"),
    ("fig", "SILK"),
    ("lime", "MOTH"),
    ("kiwi", "CORK"),
    ("date", "DUSK"),
    ("peach", "HYMN"),
]
DESCRIPTION = (
    "You hold one crate of fruit. The crates, in order: "
    + ", ".join(k for k, _ in _T)
    + ". Their codes, in the same order: "
    + ", ".join(v for _, v in _T)
    + ". Enter the code of your crate. 3 attempts."
)
HINT = "Codes, as the task says: " + "; ".join(f"{k}: {v}" for k, v in _T) + "."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        self.left = 3
        return "You hold a " + _T[self.v][0] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
