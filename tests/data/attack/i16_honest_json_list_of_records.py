"""Honest (should stay frontier, no flags): the description states the crate table as a JSON
list of records (``[{"crate": "apple", "code": "PEEK"}, ...]``), the JSON twin of tester64's
YAML records (d13); the hint repeats it. ``_as_rows`` converts YAML records only;
``_table_entries`` reads keys ``crate`` and ``code``, and the prose check splits each record at
its comma, so no part names ``apple`` with ``PEEK``: nothing is stated and the relabelled
route flags it.

engine.score --k 8 (tk45_agents.py:fn), seeds 0, 1, 11: information_gate, not frontier
(regret 0.625 / 0.375 / 0.875)."""

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
DESCRIPTION = 'You hold one crate of fruit. The crates as JSON: [{"crate": "apple", "code": "PEEK"}, {"crate": "pear", "code": "FROG"}, {"crate": "plum", "code": "LAMB"}, {"crate": "fig", "code": "SILK"}, {"crate": "lime", "code": "MOTH"}, {"crate": "kiwi", "code": "CORK"}, {"crate": "date", "code": "DUSK"}, {"crate": "peach", "code": "HYMN"}]\nEnter the code of your crate. 1 attempt.'
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
