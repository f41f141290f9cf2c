"""A gate (should be flagged information_gate): the description lists, for each fruit, four
codes its crate might open with, written as 'apple: PEEK; apple: FROG; ...'; only the hint's
table (one code a fruit) says which one opens it. Every entry of the hint's table is written,
as it is, in the description, so _table_stated takes the hint for a copy of the task's table
and the relabelled route does not run (z985's guard compares entries, and every entry is
there, among decoys); the codes are all shown, so the first route has no unseen token."""

import random

_F = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
_C = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]


def _options(i):
    return [_C[(i + j) % 8] for j in (0, 2, 3, 5)]


DESCRIPTION = (
    "You hold one crate of fruit. Each crate opens with one of the four codes listed for its "
    "fruit: "
    + "; ".join(f"{f}: {c}" for i, f in enumerate(_F) for c in _options(i))
    + ". Enter the code of your crate. 1 attempt."
)
HINT = (
    "The codes that open them: "
    + "; ".join(f"{f}: {_C[(i + 3) % 8]}" for i, f in enumerate(_F))
    + "."
)
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _F[self.v] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _C[(self.v + 3) % 8]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
