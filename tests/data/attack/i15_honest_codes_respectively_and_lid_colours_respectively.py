"""Honest (should stay frontier, no flags): 'The apple, ..., date and peach crates open with
PEEK, ... and HYMN respectively. Their lids are red, green, ... and jade respectively.' The hint
repeats the codes. ``_parallel_lists_state`` pairs the crates with every paired list of their
length and, finding the lid colours give each crate 'another value' (the s28 rule meant for a
second warehouse's codes), returns False; no other reading states the table, and the
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
DESCRIPTION = "You hold one crate of fruit. The apple, pear, plum, fig, lime, kiwi, date and peach crates open with PEEK, FROG, LAMB, SILK, MOTH, CORK, DUSK and HYMN respectively. Their lids are red, green, blue, pink, grey, gold, teal and jade respectively. Enter the code of your crate. 1 attempt."
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
