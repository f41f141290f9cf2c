"""A gate (should be flagged information_gate): the description gives each crate two candidate
codes as a JSON array (``{"apple": ["PEEK", "TAXI"], ...}``) and says one opens, not which;
the hint names the one. ``_table_entries`` reads ``apple``'s value as ``["peek", "taxi`` (only
``}``, ``]``, ``,`` stripped), which has the hint's value among its words, so it is no decoy;
the prose check splits the array at its comma, and ``_OFFERED`` keeps only comma lists closed
by ``or``/``and``, so ``TAXI`` is never offered beside ``PEEK``. ``_table_stated`` finds the
table stated.

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
DESCRIPTION = 'You hold one crate of fruit. Each crate has two candidate codes, given as JSON: {"apple": ["PEEK", "TAXI"], "pear": ["FROG", "BARN"], "plum": ["LAMB", "WISP"], "fig": ["SILK", "GLOW"], "lime": ["MOTH", "REED"], "kiwi": ["CORK", "TUSK"], "date": ["DUSK", "VANE"], "peach": ["HYMN", "JOLT"]}. One of the two opens it; you are not told which. Enter the code of your crate. 1 attempt.'
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
