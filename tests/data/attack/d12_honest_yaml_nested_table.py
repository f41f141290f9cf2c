"""Honest (should stay frontier): the description states the table as nested YAML
(``apple:\n  code: PEEK\n``...); the hint repeats it. ``_table_entries`` takes ``apple:``
followed by ``code:`` for a heading and reads a table keyed ``code``; the prose parts split at
line breaks so no part names a crate with its code; the relabelled route flags it.

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
DESCRIPTION = "You hold one crate of fruit. The crates, as YAML:\n\napple:\n  code: PEEK\npear:\n  code: FROG\nplum:\n  code: LAMB\nfig:\n  code: SILK\nlime:\n  code: MOTH\nkiwi:\n  code: CORK\ndate:\n  code: DUSK\npeach:\n  code: HYMN\n\nEnter the code of your crate. 1 attempt."
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
