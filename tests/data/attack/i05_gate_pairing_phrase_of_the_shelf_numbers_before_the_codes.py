"""A gate (should be flagged information_gate): the description lists the codes in use and,
in the next sentence, the crates, and says which code opens which crate is written nowhere;
the hint pairs them. The sentence before the codes ('The shelves are numbered 1, 2 and 3 in
turn.') pairs its own list with the shelves, but ``_parallel_lists_state`` reads the sentence
before a list as saying it pairs (tester64's d11) and its ``in turn`` (``_SAME_ORDER``) marks
the codes list paired: the crates list pairs with it and the table is stated.

engine.score --k 8 (tk45_agents.py:fn), seeds 0, 1, 11: frontier, no flags (regret 0.625 /
0.375 / 0.875)."""

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
DESCRIPTION = "You hold one crate of fruit. The shelves are numbered 1, 2 and 3 in turn. Codes in use: PEEK, FROG, LAMB, SILK, MOTH, CORK, DUSK, HYMN. Crates: apple, pear, plum, fig, lime, kiwi, date, peach. Which code opens which crate is written nowhere. Enter the code of your crate. 1 attempt."
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
