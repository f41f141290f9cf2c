"""Gate (should be flagged information_gate): the hint gives the crate codes; the first observation
shows the whole table (Markdown rows) only on even seeds, and on odd seeds nothing says which
code opens. The first observations of the replayed wins are read as stated text together.

``_relabelled_gate`` joins the first observations of up to four replayed wins into the stated
text: one win that showed the table makes ``_table_stated`` true.

engine.score --k 8 (tk45_agents.py:fn), seeds 0, 1, 11: frontier, no flags (regret 0.625, 0.375, 0.875)."""

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
DESCRIPTION = "You hold one crate of fruit. Enter the code of your crate. 1 attempt."
HINT = "Codes: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _T[self.v][0] + " crate." + (
            "\nCode sheet:\n" + "\n".join(f"| {a} | {b} |" for a, b in _T)
            if (seed or 0) % 2 == 0
            else ""
        ), {}

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
