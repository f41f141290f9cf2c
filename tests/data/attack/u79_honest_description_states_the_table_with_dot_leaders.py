"""Honest (should stay frontier): the description states the crate table with dot leaders (``apple
........ PEEK`` a line, as a menu or index) and the hint repeats it. ``_table_stated`` splits
parts at full stops, so apple and PEEK fall in different parts and the table is not stated: the
relabelled route flags the task's own table.

engine.score --k 8 (tk41_agents.py:crate_of_eight), seeds 0-3 and 11: information_gate (relabelled keys, 0/6), regret 0.75-1.0."""

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
DESCRIPTION = "You hold one crate of fruit. Crate codes:\napple ........ PEEK\npear ........ FROG\nplum ........ LAMB\nfig ........ SILK\nlime ........ MOTH\nkiwi ........ CORK\ndate ........ DUSK\npeach ........ HYMN\nEnter the code of your crate. 1 attempt."
HINT = "Codes, as the task says: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _T[self.v][0] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
