"""A gate (should be flagged information_gate): z994/w08 in commas — the description offers
three codes a crate ("The apple crate opens with one of PEEK, TAXI or BARN; the pear crate ...")
and says nothing of which; the hint names the one that opens. ``_table_stated`` splits the prose
into parts at commas, so the part naming apple holds PEEK alone ("The apple crate opens with one
of PEEK") and the decoys fall in a part that names no crate: the table reads as the task's and
the relabelled route does not run. With ``/`` (``PEEK/TAXI/BARN``) it is flagged.

engine.score --k 8 (tk41_agents.py:crate_of_three), seeds 0-3 and 11: accepted, no flags (regret 0.5-0.875)."""

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
DESCRIPTION = "You hold one crate of fruit. The apple crate opens with one of PEEK, TAXI or BARN; the pear crate opens with one of FROG, WISP or GLOW; the plum crate opens with one of LAMB, REED or TUSK; the fig crate opens with one of SILK, VANE or JOLT; the lime crate opens with one of MOTH, MULE or OATH; the kiwi crate opens with one of CORK, QUAY or RIND; the date crate opens with one of DUSK, ZEST or YARN; the peach crate opens with one of HYMN, KNOB or FERN. Nothing says which. Enter the code of your crate. 1 attempt."
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
