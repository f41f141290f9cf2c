"""Honest (should stay frontier): u77 with two-word crates — "The red apple, green pear, ...
and grey peach crates open with PEEK, FROG, ... and HYMN respectively"; the hint repeats it
(``red apple: PEEK; ...``). ``_WORD_LIST`` matches only lists of single words, so the crates'
list is never read and ``_parallel_lists_state`` pairs nothing; the task's table is flagged.

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
DESCRIPTION = "You hold one crate of fruit. The red apple, green pear, blue plum, black fig, pink lime, brown kiwi, white date and grey peach crates open with PEEK, FROG, LAMB, SILK, MOTH, CORK, DUSK and HYMN respectively. Enter the code of your crate. 1 attempt."
HINT = "Codes: red apple: PEEK; green pear: FROG; blue plum: LAMB; black fig: SILK; pink lime: MOTH; brown kiwi: CORK; white date: DUSK; grey peach: HYMN."
_G = [
    "red apple",
    "green pear",
    "blue plum",
    "black fig",
    "pink lime",
    "brown kiwi",
    "white date",
    "grey peach",
]
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _G[self.v] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
