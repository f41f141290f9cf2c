"""Gate (should be information_gate): the description lists three candidate 4-digit codes per
fruit in prose (``apple 5120/7399/8841; pear ...``, the opening one at a random place) and the
hint names the one that opens each crate (``apple: 7399; ...``). y73 (codes in capitals) is
flagged since ``_table_stated`` counts a capitalised word of the value's length beside it as
another value; numbers are never "in capitals", and the decoys are no other crate's code, so
every part that names ``apple`` names its code and no other of the hint's values: the table
reads as stated, the relabelled route never runs, and the first route sees every code stated.

Gets: frontier, see the test for seeds."""

import random

_F = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
_OPEN = ["7399", "4826", "1573", "9042", "3318", "6605", "2281", "8167"]
_DECOY = [
    ("5120", "8841"),
    ("2093", "7714"),
    ("6352", "9980"),
    ("1437", "5506"),
    ("8729", "4061"),
    ("3874", "1198"),
    ("9515", "6243"),
    ("4402", "2736"),
]
_OPTS = []
for _i, (_o, _d) in enumerate(zip(_OPEN, _DECOY, strict=True)):
    _l = list(_d)
    _l.insert((_i * 5 + 1) % 3, _o)
    _OPTS.append(_l)
DESCRIPTION = (
    "You hold one crate of fruit. Each crate opens with one of three codes: "
    + "; ".join(f"{f} {'/'.join(o)}" for f, o in zip(_F, _OPTS, strict=True))
    + ". Enter the code of your crate. 1 attempt."
)
HINT = (
    "The code that opens each crate: "
    + "; ".join(f"{f}: {c}" for f, c in zip(_F, _OPEN, strict=True))
    + "."
)
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _F[self.v] + " crate.", {}

    def step(self, action):
        ok = action.strip() == _OPEN[self.v]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
