"""A gate (should be flagged information_gate), the guard of tester52's z979: the description
states a table of crate codes, but the crates open with other codes, which only the hint's
table gives (each fruit's code moved one place on). The hint's entries are not the task's, so
the relabelled route must still run on them."""

import random

_F = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
_C = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]
DESCRIPTION = (
    "You hold one crate of fruit. The old code list: "
    + "; ".join(f"{f}: {c}" for f, c in zip(_F, _C, strict=True))
    + ". Enter the code of your crate. 3 attempts."
)
HINT = (
    "The codes were changed: "
    + "; ".join(f"{f}: {_C[(i + 1) % 8]}" for i, f in enumerate(_F))
    + "."
)
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        self.left = 3
        return "You hold a " + _F[self.v] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _C[(self.v + 1) % 8]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
