"""Gate (should be flagged information_gate): the hint gives the crate codes and the task
states another table as just as likely, so nothing the task states says which codes open. 'In the north shed the apple, ... crates open with PEEK, ... respectively. In the south shed
they open with taxi, barn, ... respectively. You do not know which shed you are in.' (i15's
rule: a paired list written otherwise is no other value).

``_parallel_lists_state`` pairs the north list; the south list in lower case is a paired
list 'written otherwise' (i15's rule) and gives no other value.

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
DESCRIPTION = "You hold one crate of fruit. In the north shed the apple, pear, plum, fig, lime, kiwi, date and peach crates open with PEEK, FROG, LAMB, SILK, MOTH, CORK, DUSK and HYMN respectively. In the south shed they open with taxi, barn, wisp, glow, reed, tusk, vane and jolt respectively. You do not know which shed you are in. Enter the code of your crate. 1 attempt."
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
