"""A gate (should be flagged information_gate): the description's transposed Markdown table has
three rows, the crates in the header and two code rows below ('code A' with the hint's codes,
'code B' with decoys), and says one of the two rows is current, not which. The hint gives row
A. ``_MARKDOWN_PAIR`` ends its body row with a line break or ``$`` before a lookahead for no
further ``|`` row: ``$`` matches before the line break, where the lookahead sees the break and
not row B's bar, so the first two rows are read as a whole two-row table (``apple: PEEK``,
...) and row B is never a decoy; ``_table_stated`` finds the hint's table stated.

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
DESCRIPTION = "You hold one crate of fruit. Its code is in row A or row B of this sheet; you are not told which row is current.\n\n| crate | apple | pear | plum | fig | lime | kiwi | date | peach |\n|---|---|---|---|---|---|---|---|---|\n| code A | PEEK | FROG | LAMB | SILK | MOTH | CORK | DUSK | HYMN |\n| code B | TAXI | BARN | WISP | GLOW | REED | TUSK | VANE | JOLT |\n\nEnter the code of your crate. 1 attempt."
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
