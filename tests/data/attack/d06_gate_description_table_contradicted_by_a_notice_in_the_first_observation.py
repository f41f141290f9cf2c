"""A gate (should be flagged information_gate): the description writes a crate table
(``apple: PEEK; ...``) and says "A notice may say some codes changed"; every first
observation shows a notice "codes changed today, new codes: apple: TAXI; ..." — two tables,
the task not saying which holds (the env uses the description's). The hint gives the
description's. ``_table_stated`` reads only ``_stated_text`` (description and tool schemas),
never the decoy table the first observation shows, so the route stops there.

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
DESCRIPTION = "You hold one crate of fruit. The crate codes: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN. A notice may say some codes changed. Enter the code of your crate. 1 attempt."
HINT = "Codes: apple: PEEK; pear: FROG; plum: LAMB; fig: SILK; lime: MOTH; kiwi: CORK; date: DUSK; peach: HYMN."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return (
            "You hold a "
            + _T[self.v][0]
            + " crate. A notice on the wall: codes changed today, new codes: "
            + "apple: TAXI; pear: BARN; plum: WISP; fig: GLOW; lime: REED; kiwi: TUSK; date: VANE; peach: JOLT.",
            {},
        )

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
