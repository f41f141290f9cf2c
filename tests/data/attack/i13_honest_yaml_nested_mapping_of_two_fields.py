"""Honest (should stay frontier, no flags): the description states the crate table as a nested
YAML mapping of two fields a crate (``apple:`` over ``code: PEEK`` and ``shelf: 1``); the hint
repeats the codes. The ``_TABLE_ROWS`` mapping pattern takes only mappings of one field, so
``_table_entries`` reads ``apple:`` with an empty value (the indented ``code`` key is 3
characters on, not a heading), and the decoy rule reads that empty value as another value:
the table is not stated and the relabelled route flags it.

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
DESCRIPTION = "You hold one crate of fruit. The crates, as YAML:\n\napple:\n  code: PEEK\n  shelf: 1\npear:\n  code: FROG\n  shelf: 2\nplum:\n  code: LAMB\n  shelf: 3\nfig:\n  code: SILK\n  shelf: 4\nlime:\n  code: MOTH\n  shelf: 5\nkiwi:\n  code: CORK\n  shelf: 6\ndate:\n  code: DUSK\n  shelf: 7\npeach:\n  code: HYMN\n  shelf: 8\n\nEnter the code of your crate. 1 attempt."
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
