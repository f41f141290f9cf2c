"""Honest (should stay frontier): the description states every crate's code two to a sentence
part (``the apple crate opens with PEEK and the pear crate with FROG; ...``) and the hint
repeats the table (``apple: PEEK; pear: FROG; ...``). ``_table_stated``'s prose reading
takes a part that names ``apple`` beside ``FROG`` (the pear's code, another of the hint's
values) as naming apple with another value, so the table is not stated; the relabelled route
rotates the hint's copy and the hinted Agent loses.

Gets: information_gate (relabelled, keys), see the test for seeds."""

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
DESCRIPTION = (
    "You hold one crate of fruit. "
    + "; ".join(
        f"the {a} crate opens with {x} and the {b} crate with {y}"
        for (a, x), (b, y) in zip(_T[::2], _T[1::2], strict=True)
    )
    + ". Enter the code of your crate. 3 attempts."
)
HINT = "Codes, as the task says: " + "; ".join(f"{k}: {v}" for k, v in _T) + "."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        self.left = 3
        return "You hold a " + _T[self.v][0] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
