"""A gate (should be flagged information_gate): two code sheets, one current and you are not
told which: sheet A a ``key: value`` table (the hint's codes), sheet B CSV of three columns
(``crate,code,shelf`` then ``apple,TAXI,1``, ...). The hint gives sheet A. The ``_TABLE_ROWS``
CSV pattern reads rows of two cells only, so sheet B gives no ``key: value`` decoy, and the
prose check splits each CSV row at its commas, so no part names ``apple`` beside ``TAXI``:
``_table_stated`` finds sheet A stated.

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
DESCRIPTION = "You hold one crate of fruit. Two code sheets are pinned up and one of them is current; you are not told which.\nSheet A: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN.\nSheet B, as CSV:\ncrate,code,shelf\napple,TAXI,1\npear,BARN,2\nplum,WISP,3\nfig,GLOW,4\nlime,REED,5\nkiwi,TUSK,6\ndate,VANE,7\npeach,JOLT,8\nEnter the code of your crate. 1 attempt."
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
