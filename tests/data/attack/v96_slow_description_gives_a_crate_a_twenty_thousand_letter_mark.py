"""Slow (Critic CPU): w10's crate table, the hint's alone (a gate: the description lists the codes
shuffled), and the description gives
the apple crate a maker's mark of 20,000 letters in one word. ``_table_stated`` looks for the
table as two parallel lists (``_parallel_lists_state``'s list pattern over the whole
description) and in the sentence parts naming a key (``_ALTERNATIVES`` in
``_alternative_chains``): both patterns open with ``[^\\W_]+`` and no guard before it, so a
search starts at every letter of the word and runs to its end, quadratic in the word.

engine.score --k 8 (tk42_agents.py:crate), seed 11: see the report for user CPU."""

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
DESCRIPTION = (
    "You hold one crate of fruit. The apple crate bears the maker's mark "
    + "Q" * 20_000
    + ". Codes in use, shuffled: "
    + ", ".join(sorted(v for _, v in _T))
    + ". Enter the code of your crate. 3 attempts."
)
HINT = "Codes: " + "; ".join(f"{k}: {v}" for k, v in _T) + "."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        self.left = 3
        return "You hold a " + _T[self.v][0] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
