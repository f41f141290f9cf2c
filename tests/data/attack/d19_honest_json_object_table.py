"""Honest (should stay frontier): "The codes, as JSON: {"apple": "PEEK", "pear": "FROG", ...}";
the hint repeats it. In ``_table_stated``'s prose check the part ``as JSON: {"apple": "PEEK"``
holds ``JSON``, four capitals, a code of PEEK's shape offered beside apple, so the table is
not stated (``NOTE: apple: PEEK; ...`` fails alike; with "as an object" it is stated), and
the relabelled route flags it. (The last entry also reads ``hymn"}`` in ``_table_entries``.)

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
DESCRIPTION = 'You hold one crate of fruit. The codes, as JSON: {"apple": "PEEK", "pear": "FROG", "plum": "LAMB", "fig": "SILK", "lime": "MOTH", "kiwi": "CORK", "date": "DUSK", "peach": "HYMN"}. Enter the code of your crate. 1 attempt.'
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
