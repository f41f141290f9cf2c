"""Honest (should stay frontier): the description numbers both lists and says how they pair —
"Crates: (1) apple (2) pear ... Codes: (1) PEEK (2) FROG ... Crate (n) opens with code (n)";
the hint repeats the table. Neither ``_WORD_LIST`` (no commas) nor ``_table_entries`` nor the
prose parts read a numbered pairing; the task's table is flagged.

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
DESCRIPTION = "You hold one crate of fruit. Crates: (1) apple (2) pear (3) plum (4) fig (5) lime (6) kiwi (7) date (8) peach. Codes: (1) PEEK (2) FROG (3) LAMB (4) SILK (5) MOTH (6) CORK (7) DUSK (8) HYMN. Crate (n) opens with code (n). Enter the code of your crate. 1 attempt."
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
