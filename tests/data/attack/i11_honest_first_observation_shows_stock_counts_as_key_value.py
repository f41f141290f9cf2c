"""Honest (should stay frontier, no flags): the description states the whole crate table
(``apple: PEEK; pear: FROG; ...``) and the hint repeats it. The first observation also shows
the day's stock, ``Stock today: apple: N left; pear: 4 left; plum: 0 left.``. The first
observations now count as stated text, and ``_table_stated``'s decoy rule (a task table giving
a key another value without the hint's value among its words, tester64's d01/d03/d06) reads
``apple: N left`` as another code for the apple crate: the table is not stated and the
relabelled route flags it.

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
DESCRIPTION = "You hold one crate of fruit. The codes: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN. Enter the code of your crate. 1 attempt."
HINT = "Codes: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _T[self.v][0] + " crate. Stock today: apple: " + str(
            self.v + 2
        ) + " left; pear: 4 left; plum: 0 left.", {}

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
