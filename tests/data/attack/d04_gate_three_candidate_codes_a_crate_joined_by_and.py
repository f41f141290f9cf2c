"""A gate (should be flagged information_gate): z994/u70 with ``and`` — "Each crate opens with
exactly one of the three codes listed for it, and nothing says which: apple: PEEK, TAXI and
BARN; pear: ..."; the hint names the one that opens. The prose parts split at commas, so the
part naming apple holds PEEK alone; ``_OFFERED`` keeps a comma list only where ``or`` closes
it or ``one of`` opens it (here ``exactly one of the three codes listed for it`` is far
away and ``and`` closes it), and TAXI/BARN fall in a part naming no crate.

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
DESCRIPTION = "You hold one crate of fruit. Each crate opens with exactly one of the three codes listed for it, and nothing says which: apple: PEEK, TAXI and MULE; pear: FROG, BARN and OATH; plum: LAMB, WISP and QUAY; fig: SILK, GLOW and RIND; lime: MOTH, REED and ZEST; kiwi: CORK, TUSK and YARN; date: DUSK, VANE and KNOB; peach: HYMN, JOLT and FERN. Enter the code of your crate. 1 attempt."
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
