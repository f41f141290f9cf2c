"""A gate (should be flagged information_gate): the description lists the crates, then "The
eight codes, shuffled so that they do not correspond to the crates listed: PEEK, FROG, ...",
and says which code opens which crate is secret; the hint gives the pairing (which happens to
be the listed order). ``_SAME_ORDER`` matches ``correspond...`` anywhere in the sentence, the
negation included, so ``_parallel_lists_state`` pairs the two lists place by place.

engine.score --k 8 (tk45_agents.py:fn), seeds 0, 1, 11: frontier, no flags (regret 0.625 / 0.375 / 0.875)."""

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
DESCRIPTION = "You hold one crate of fruit. The crates: apple, pear, plum, fig, lime, kiwi, date, peach. The eight codes, shuffled so that they do not correspond to the crates listed: PEEK, FROG, LAMB, SILK, MOTH, CORK, DUSK, HYMN. Which code opens which crate is secret. Enter the code of your crate. 1 attempt."
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
