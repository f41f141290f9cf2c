"""A gate (should be flagged information_gate): the crate is in warehouse A or B, "you are not
told which"; warehouse A's codes are paired with the crates "respectively", warehouse B's are
written as a ``key: value`` table (``apple: TAXI; pear: BARN; ...``). The hint names A and gives
its table. ``_table_stated`` finds the written table disagreeing (not ``tabled``) and then
returns True as soon as ``_parallel_lists_state`` pairs the hint's table, before the prose
check that would see ``apple: TAXI``; ``_parallel_lists_state`` only compares other *paired
lists* (s28), never the ``key: value`` entries.

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
DESCRIPTION = "You hold one crate of fruit, in warehouse A or warehouse B; you are not told which. In warehouse A the apple, pear, plum, fig, lime, kiwi, date and peach crates open with PEEK, FROG, LAMB, SILK, MOTH, CORK, DUSK and HYMN respectively. Warehouse B: apple: TAXI; pear: BARN; plum: WISP; fig: GLOW; lime: REED; kiwi: TUSK; date: VANE; peach: JOLT. Enter the code of your crate. 1 attempt."
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
