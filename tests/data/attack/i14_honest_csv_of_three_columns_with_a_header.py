"""Honest (should stay frontier, no flags): the description states the crate table as CSV with a
header and three columns (``crate,code,shelf`` then ``apple,PEEK,1``, ...); the hint repeats
the codes. The ``_TABLE_ROWS`` CSV pattern reads rows of two cells only, and the prose check
splits each row at its commas, so no part names a crate with its code: ``_table_stated`` finds
nothing stated and the relabelled route flags it.

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
DESCRIPTION = "You hold one crate of fruit. The crates, as CSV:\n\ncrate,code,shelf\napple,PEEK,1\npear,FROG,2\nplum,LAMB,3\nfig,SILK,4\nlime,MOTH,5\nkiwi,CORK,6\ndate,DUSK,7\npeach,HYMN,8\n\nEnter the code of your crate. 1 attempt."
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
