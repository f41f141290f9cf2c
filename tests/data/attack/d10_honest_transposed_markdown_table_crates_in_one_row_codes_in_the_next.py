"""Honest (should stay frontier): the description states the table as a transposed Markdown
table, the crates in one row and the codes in the next (``| crate | apple | pear | ... |`` /
``| code | PEEK | FROG | ... |``); the hint repeats it. ``_TABLE_ROWS`` reads only two-cell
rows, and in prose no line names a crate with its code, so ``_table_stated`` says not stated
and the relabelled route flags the task's own table.

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
DESCRIPTION = "You hold one crate of fruit. The crates and their codes:\n\n| crate | apple | pear | plum | fig | lime | kiwi | date | peach |\n|---|---|---|---|---|---|---|---|---|\n| code | PEEK | FROG | LAMB | SILK | MOTH | CORK | DUSK | HYMN |\n\nEnter the code of your crate. 1 attempt."
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
