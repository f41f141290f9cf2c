"""Honest (should stay frontier): w10 with the pairing phrase on its own line — "The crates, in
order: apple, ...\nTheir codes follow in the same order as the crates above.\nPEEK, FROG,
...". ``_parallel_lists_state`` looks for ``_SAME_ORDER`` only within the list's own sentence
(between ``.``, ``;`` or line breaks), so the codes' list is unpaired and the task's table is
flagged.

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
DESCRIPTION = "You hold one crate of fruit. The crates, in order: apple, pear, plum, fig, lime, kiwi, date, peach.\nTheir codes follow in the same order as the crates above.\nPEEK, FROG, LAMB, SILK, MOTH, CORK, DUSK, HYMN\nEnter the code of your crate. 1 attempt."
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
