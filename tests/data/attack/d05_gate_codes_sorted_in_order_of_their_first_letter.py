"""A gate (should be flagged information_gate): u72 reworded — the crates listed, then "The
eight codes, in order of their first letter: CORK, DUSK, FROG, ..." (sorted, not paired); the
hint's table happens to pair the two lists place by place. ``_SAME_ORDER``'s
``in (the) order`` not before "alphabet" takes "in order of their first letter" for a pairing
phrase (only "alphabet" is excluded), so ``_parallel_lists_state`` states the hint's table.

engine.score --k 8 (tk45_agents.py:fn), seeds 0, 1, 11: frontier, no flags (regret 1.0 / 1.0 / 0.875)."""

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
DESCRIPTION = "You hold one crate of fruit. The crates: apple, pear, plum, fig, lime, kiwi, date, peach. The eight codes, in order of their first letter: CORK, DUSK, FROG, HYMN, LAMB, MOTH, PEEK, SILK. Enter the code of your crate. 1 attempt."
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
