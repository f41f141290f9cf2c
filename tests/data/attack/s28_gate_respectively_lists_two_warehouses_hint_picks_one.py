"""A gate (should be flagged information_gate): the description pairs the crates with codes
"respectively" twice, once per warehouse ("In one of the two warehouses the apple, ..., peach
crates open with PEEK, ..., HYMN respectively, in the other with TAXI, ..., JOLT respectively;
you are not told which warehouse you are in"); the hint says which warehouse and gives its
table. ``_parallel_lists_state`` returns True for the first pair of lists that matches the
hint, never asking whether another paired list gives the same keys other values (z985's rule
for ``key: value`` tables), so ``_table_stated`` calls the hint's table the task's own.

engine.score --k 8 (tk43_agents.py:two_warehouses), seeds 0-3 and 11: accepted, no flags (regret 0.25-0.75)."""

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
DESCRIPTION = "You hold one crate of fruit. In one of the two warehouses the apple, pear, plum, fig, lime, kiwi, date and peach crates open with PEEK, FROG, LAMB, SILK, MOTH, CORK, DUSK and HYMN respectively, in the other with TAXI, BARN, WISP, GLOW, REED, TUSK, VANE and JOLT respectively; you are not told which warehouse you are in. Enter the code of your crate. 1 attempt."
HINT = "You are in the first warehouse: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _T[self.v][0] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
