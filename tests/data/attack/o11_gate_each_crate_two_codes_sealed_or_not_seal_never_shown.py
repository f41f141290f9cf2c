"""Gate (should be flagged information_gate): the description gives every crate two codes, one
if the crate is sealed and one if not, and the task never shows whether it is ('apple: PEEK if
sealed, TAXI if not; ...'); the hint gives the sealed codes.

``_table_stated``: the entry 'apple: peek if sealed, taxi if not' holds 'peek', and its comma
items both have spaces, so ``_other_value`` calls it no other value; the prose part 'TAXI if
not' (split at the comma) names no crate, so the shape rule never sees TAXI beside apple.

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
DESCRIPTION = "You hold one crate of fruit; you cannot see whether it is sealed. Codes: apple: PEEK if sealed, TAXI if not; pear: FROG if sealed, BARN if not; plum: LAMB if sealed, WISP if not; fig: SILK if sealed, GLOW if not; lime: MOTH if sealed, REED if not; kiwi: CORK if sealed, TUSK if not; date: DUSK if sealed, VANE if not; peach: HYMN if sealed, JOLT if not. Enter the code of your crate. 1 attempt."
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
