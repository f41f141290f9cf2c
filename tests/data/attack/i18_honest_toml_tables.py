"""Honest (should stay frontier, no flags): the description states the crate table as TOML
(``[apple]`` over ``code = "PEEK"``, ...); the hint repeats it. ``_as_rows`` has no TOML
layout, ``_table_entries`` reads only ``code`` keys, and no sentence part names a crate with
its code: nothing is stated and the relabelled route flags it.

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
DESCRIPTION = 'You hold one crate of fruit. The crates, as TOML:\n\n[apple]\ncode = "PEEK"\n\n[pear]\ncode = "FROG"\n\n[plum]\ncode = "LAMB"\n\n[fig]\ncode = "SILK"\n\n[lime]\ncode = "MOTH"\n\n[kiwi]\ncode = "CORK"\n\n[date]\ncode = "DUSK"\n\n[peach]\ncode = "HYMN"\n\nEnter the code of your crate. 1 attempt.'
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
