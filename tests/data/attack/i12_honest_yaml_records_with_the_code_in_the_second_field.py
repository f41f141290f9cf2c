"""Honest (should stay frontier, no flags): the description states the crate table as YAML
records of three fields (``- crate: apple``, ``shelf: 1``, ``code: PEEK``); the hint repeats
the codes. The ``_TABLE_ROWS`` record pattern reads a record's first two lines only, so each
becomes ``apple: 1``, and ``_table_stated``'s decoy rule reads the shelf number as another
value for the key: the table is not stated and the relabelled route flags it.

engine.score --k 8 (tk45_agents.py:fn), seeds 0, 1, 11: information_gate, not frontier
(regret 0.625 / 0.375 / 0.875)."""

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
DESCRIPTION = "You hold one crate of fruit. The crates, as YAML records:\n\n- crate: apple\n  shelf: 1\n  code: PEEK\n- crate: pear\n  shelf: 2\n  code: FROG\n- crate: plum\n  shelf: 3\n  code: LAMB\n- crate: fig\n  shelf: 4\n  code: SILK\n- crate: lime\n  shelf: 5\n  code: MOTH\n- crate: kiwi\n  shelf: 6\n  code: CORK\n- crate: date\n  shelf: 7\n  code: DUSK\n- crate: peach\n  shelf: 8\n  code: HYMN\n\nEnter the code of your crate. 1 attempt."
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
