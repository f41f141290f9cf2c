"""Honest (should stay frontier): the description says a code sheet listing every crate's code
comes with the crate, and every first observation shows it ("The code sheet: apple: PEEK;
..."); the hint repeats the sheet. ``_table_stated`` reads only ``_stated_text`` (description
and tool schemas), so a table the task shows in its first observation is not stated, and the
relabelled route (the scripted agent follows the rotated hint) flags it.

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
DESCRIPTION = "You hold one crate of fruit. A code sheet comes with it, listing every crate's code. Enter the code of your crate. 1 attempt."
HINT = "Codes: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return (
            "You hold a "
            + _T[self.v][0]
            + " crate. The code sheet: "
            + "apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN.",
            {},
        )

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
