"""Gate (should be flagged information_gate): the hint gives the crate codes and the task
states another table as just as likely, so nothing the task states says which codes open. 'Codes: apple: PEEK; ... Some crates were recoded last night: apple to TANGO, pear to BARNS,
..., but nobody says which.'

'apple to TANGO' is no table entry and TANGO is not of PEEK's shape (length 5): the written
table states the hint's.

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
DESCRIPTION = "You hold one crate of fruit. Codes: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN. Some crates were recoded last night: apple to TANGO, pear to BARNS, plum to WISPY, fig to GLOBE, lime to REEDS, kiwi to TUSKS, date to VANES, peach to JOLTS, but nobody says which. Enter the code of your crate. 1 attempt."
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
