"""Gate (should be flagged information_gate): the hint gives the crate codes and the task
states another table as just as likely, so nothing the task states says which codes open. 'Sheet one: apple: PEEK; ... Sheet two: apple TANGO, pear BARNS, ...' (a prose decoy of
another length: the shape rule wants the value's length).

``_table_stated``'s shape rule only takes codes of the value's length (TANGO is 5 letters,
PEEK 4), so 'apple TANGO' offers nothing.

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
DESCRIPTION = "You hold one crate of fruit. Two code sheets hang on the wall and only one of them is current. Sheet one: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN. Sheet two: apple TANGO, pear BARNS, plum WISPY, fig GLOBE, lime REEDS, kiwi TUSKS, date VANES, peach JOLTS. Enter the code of your crate. 1 attempt."
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
