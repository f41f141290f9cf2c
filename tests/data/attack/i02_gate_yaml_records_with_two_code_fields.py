"""A gate (should be flagged information_gate): YAML records of three fields (``- crate: apple``,
``code: PEEK``, ``other_code: TAXI``), the description saying only one of the two code fields
opens, not which. The hint gives the ``code`` field. The ``_TABLE_ROWS`` record pattern reads
the first two lines of each record as ``apple: PEEK`` and leaves ``other_code: TAXI`` a row
keyed by ``other_code``, no crate, so no decoy is seen and ``_table_stated`` finds the
hint's table stated.

engine.score --k 8 (tk45_agents.py:fn), seeds 0, 1, 11: frontier, no flags (regret 0.625 /
0.375 / 0.875)."""

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
DESCRIPTION = "You hold one crate of fruit. Each record below gives two codes; only one of the two fields opens the crates, and you are not told which.\n\n- crate: apple\n  code: PEEK\n  other_code: TAXI\n- crate: pear\n  code: FROG\n  other_code: BARN\n- crate: plum\n  code: LAMB\n  other_code: WISP\n- crate: fig\n  code: SILK\n  other_code: GLOW\n- crate: lime\n  code: MOTH\n  other_code: REED\n- crate: kiwi\n  code: CORK\n  other_code: TUSK\n- crate: date\n  code: DUSK\n  other_code: VANE\n- crate: peach\n  code: HYMN\n  other_code: JOLT\n\nEnter the code of your crate. 1 attempt."
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
