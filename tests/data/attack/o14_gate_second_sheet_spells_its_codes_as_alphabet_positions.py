"""Gate (should be flagged information_gate): two code sheets, only one current, nothing says
which; the second writes its (other) codes as alphabet positions ('apple: 20-1-24-9' for
TAXI). The hint gives sheet one's codes.

``_other_value`` takes an entry whose first word is digits for a value of another kind than
'peek' (no decoy), and the shape rule reads only digits of a digit value's length.

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
DESCRIPTION = "You hold one crate of fruit. Two code sheets hang on the wall and only one of them is current. Sheet one: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN. Sheet two writes each letter as its place in the alphabet: apple: 20-1-24-9; pear: 2-1-18-14; plum: 23-9-19-16; fig: 7-12-15-23; lime: 18-5-5-4; kiwi: 20-21-19-11; date: 22-1-14-5; peach: 10-15-12-20. Enter the code of your crate. 1 attempt."
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
