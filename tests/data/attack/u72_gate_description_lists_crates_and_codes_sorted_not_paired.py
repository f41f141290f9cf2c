"""A gate (should be flagged information_gate): the description lists the crates and then the
eight codes "in alphabetical order (not the crates' order)"; the hint's table happens to pair
them in those two orders (apple: CORK, pear: DUSK, ...). ``_parallel_lists_state`` takes any two
comma lists of one length for keys and values at the same places, whatever the task says of
their order, so the hint's pairing reads as stated. Without the crates list it is flagged.

engine.score --k 8 (tk41_agents.py:crate_of_eight), seeds 0-3 and 11: accepted, no flags (regret 0.75-1.0)."""

import random

_T = [
    ("apple", "CORK"),
    ("pear", "DUSK"),
    ("plum", "FROG"),
    ("fig", "HYMN"),
    ("lime", "LAMB"),
    ("kiwi", "MOTH"),
    ("date", "PEEK"),
    ("peach", "SILK"),
]
DESCRIPTION = "You hold one crate of fruit. The crates: apple, pear, plum, fig, lime, kiwi, date, peach. The eight codes, in alphabetical order (not the crates' order): CORK, DUSK, FROG, HYMN, LAMB, MOTH, PEEK, SILK. Enter the code of your crate. 1 attempt."
HINT = "Codes: apple: CORK; pear: DUSK; plum: FROG; fig: HYMN; lime: LAMB; kiwi: MOTH; date: PEEK; peach: SILK."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _T[self.v][0] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
