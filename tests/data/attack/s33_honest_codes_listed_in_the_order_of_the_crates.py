"""Honest (should stay frontier): the description lists the crates and then "Their codes, in
the order of the crates, are PEEK, FROG, ... and HYMN"; the hint repeats the table.
``_SAME_ORDER`` knows "in the same order", "respectively", "in their order", but not "in the
order of the crates", so ``_parallel_lists_state`` pairs nothing and the relabelled route flags
the task's own table.

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
DESCRIPTION = "You hold one crate of fruit. The crates are apple, pear, plum, fig, lime, kiwi, date and peach. Their codes, in the order of the crates, are PEEK, FROG, LAMB, SILK, MOTH, CORK, DUSK and HYMN. Enter the code of your crate. 1 attempt."
HINT = "Codes, as the task says: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _T[self.v][0] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
