"""Honest (should stay frontier): z979 with the description's table written in prose ("the
apple crate opens with PEEK, the pear crate with FROG, ...") and the hint restating it as a
list (``apple: PEEK; pear: FROG; ...``). The hint carries nothing the task does not state,
but _table_stated only compares the hint's entries with entries the description writes in
``key: value`` form (_table_entries), finds none, and the relabelled route rotates the hint's
keys: the hinted Agent, reading its copy, loses.

engine.score --k 8, seeds 0-3 and 11: information_gate (relabelled ``(keys)``, 0/6); z979 (the
same table written ``apple: PEEK`` in both) is frontier."""

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
_PROSE = ", ".join(f"the {k} crate opens with {v}" for k, v in _T)
_LIST = "; ".join(f"{k}: {v}" for k, v in _T)
DESCRIPTION = f"You hold one crate of fruit. Each fruit's crate has its own code: {_PROSE}. Enter the code of your crate. 3 attempts."
HINT = f"Look your fruit up in what the task says; the codes again: {_LIST}."
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
