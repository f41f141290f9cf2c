"""Honest (should stay frontier): the description names the fruits a crate may hold and then
states every crate's code (``PEEK opens the apple crate; ...``); the hint repeats the same
codes as a keyed table (``apple: PEEK; ...``). The hint carries nothing the task does not
state, but ``_table_stated`` reads the description's prose only where every sentence part
that names a key names its value, and the list of fruits (``apple, pear, plum, ...``) names
each key without its code; the relabelled route rotates the hint's copy and the hinted Agent
loses (z979/y58's kind, with the fruits also listed).

Gets: information_gate (relabelled, keys), see the test for seeds."""

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
    "You hold one crate of fruit: an "
    + ", ".join(k for k, _ in _T)
    + " crate. "
    + "; ".join(f"{v} opens the {k} crate" for k, v in _T)
    + ". Enter the code of your crate. 3 attempts."
)
HINT = (
    "Look your fruit up in the task's codes; again: " + "; ".join(f"{k}: {v}" for k, v in _T) + "."
)
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
