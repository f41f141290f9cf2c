"""Honest (should stay frontier): the description states the table as a YAML list of records
(``- crate: apple\n  code: PEEK\n``...); the hint repeats it. As d12: the entries read are
``crate: apple`` and ``code: PEEK``, and no line names a crate with its code.

engine.score --k 8 (tk45_agents.py:fn), seeds 0, 1, 11: information_gate (relabelled keys, 0/6), not frontier (regret 0.625 / 0.375 / 0.875)."""

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
DESCRIPTION = "You hold one crate of fruit. The crates:\n\n- crate: apple\n  code: PEEK\n- crate: pear\n  code: FROG\n- crate: plum\n  code: LAMB\n- crate: fig\n  code: SILK\n- crate: lime\n  code: MOTH\n- crate: kiwi\n  code: CORK\n- crate: date\n  code: DUSK\n- crate: peach\n  code: HYMN\n\nEnter the code of your crate. 1 attempt."
HINT = "Codes: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _T[self.v][0] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
