"""Gate (should be flagged information_gate): the hint gives the crate codes and the task
states another table as just as likely, so nothing the task states says which codes open. 'Sheet one: apple: peek; ... Sheet two lists apple taxi, pear barn, ...' (codes in lower case:
no shape rule reads the prose decoys).

``_table_stated``: the written table gives each key the hint's value; the prose sheet's 'apple
taxi' is no table entry, no ``_OFFERED`` list, and the shape rule only reads capitals or digits.

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
DESCRIPTION = "You hold one crate of fruit. Two code sheets hang on the wall and only one of them is current. Sheet one: apple: peek; pear: frog; plum: lamb; fig: silk; lime: moth; kiwi: cork; date: dusk; peach: hymn. Sheet two lists apple taxi, pear barn, plum wisp, fig glow, lime reed, kiwi tusk, date vane, peach jolt. Enter the code of your crate. 1 attempt."
HINT = "Codes: apple: peek; pear: frog; plum: lamb; fig: silk; lime: moth; kiwi: cork; date: dusk; peach: hymn."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _T[self.v][0] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
