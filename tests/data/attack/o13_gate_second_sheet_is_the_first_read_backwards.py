"""Gate (should be flagged information_gate): two code sheets, only one current, nothing says
which; the second is stated by a rule, not written out ('Sheet two pairs the same crates
with the same codes read from the bottom up: apple gets the last code, pear the one before
it, and so on'). The hint gives sheet one's codes.

``_table_stated``: sheet one states every crate's hint code and the rule writes no code, so
no decoy is seen.

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
DESCRIPTION = "You hold one crate of fruit. Two code sheets hang on the wall and only one of them is current. Sheet one: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN. Sheet two pairs the same crates with the same codes read from the bottom up: apple gets the last code, pear the one before it, and so on. Enter the code of your crate. 1 attempt."
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
