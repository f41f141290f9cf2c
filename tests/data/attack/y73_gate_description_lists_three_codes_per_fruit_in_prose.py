"""Gate (should be information_gate): the description lists three candidate codes per fruit
in prose (``apple PEEK/FROG/LAMB; pear ...``) and the hint names the one that opens each
crate (``apple: FROG; ...``). tester53's z994 (four codes a fruit, as a ``key: value``
table) is flagged; written without the colon, ``_table_stated``'s prose reading passes it
(every part that names ``apple`` names ``frog``, beside ``peek`` and ``lamb``), so the
relabelled route never runs, and the first route sees every code stated by the task.

Gets: frontier, see the test for seeds."""

import random

_F = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
_C = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN", "TAXI", "BARN"]
_OPTS = [[_C[(3 * i + j) % 10] for j in range(3)] for i in range(8)]
_OPEN = [o[(i * 5 + 1) % 3] for i, o in enumerate(_OPTS)]
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
        ok = action.strip().upper() == _OPEN[self.v]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
