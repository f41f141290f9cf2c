"""Honest (should stay frontier): the description states the crate table as a Markdown table
(``| apple | PEEK |`` a row) and the hint repeats it. ``_table_entries`` reads no such rows, and
in prose ``_alternative_chains`` takes ``|`` for codes offered as alternatives (w08's
``peek|taxi``), so each row offers "apple" beside PEEK and ``_table_stated`` says not stated;
the relabelled route flags the task's own table. With the bars dropped it is stated.

engine.score --k 8 (tk41_agents.py:crate_of_eight), seeds 0-3 and 11: information_gate (relabelled keys, 0/6), regret 0.75-1.0."""

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
DESCRIPTION = "You hold one crate of fruit. The crates and their codes:\n\n| crate | code |\n|---|---|\n| apple | PEEK |\n| pear | FROG |\n| plum | LAMB |\n| fig | SILK |\n| lime | MOTH |\n| kiwi | CORK |\n| date | DUSK |\n| peach | HYMN |\n\nEnter the code of your crate. 1 attempt."
HINT = "Codes, as the task's table says: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _T[self.v][0] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
