"""A gate (should be flagged information_gate): the crate is in warehouse A or B, not told
which; both tables are written ``key: value`` (``apple: PEEK; ...`` and ``apple: TANGO;
...``), B's codes five capitals where A's are four. The hint names A. ``_table_stated``'s prose
check counts another code in a part naming the key only if it is one of the hint's values, in
an ``/ & + or`` chain or ``_OFFERED`` list, or of the value's shape (capitals of its *length*),
so ``apple: TANGO`` offers nothing against PEEK and the hint's table reads as stated (the
written table has apple: {peek, tango}, yet stating=True suffices).

engine.score --k 8 (tk45_agents.py:fn), seeds 0, 1, 11: frontier, no flags (regret 0.625 / 0.375 / 0.875)."""

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
DESCRIPTION = "You hold one crate of fruit, in warehouse A or warehouse B; you are not told which.\nWarehouse A: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN.\nWarehouse B: apple: TANGO; pear: BARNS; plum: WISPY; fig: GLOBE; lime: REEDS; kiwi: TUSKS; date: VANES; peach: JOLTS.\nEnter the code of your crate. 1 attempt."
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
