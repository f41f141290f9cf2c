"""A gate (should be flagged information_gate): y73 in lower case. The description lists three
codes per fruit (``apple peek/taxi/barn; pear wisp/frog/glow; ...``, the two decoys none of the
hint's values) and the hint names the one that opens each crate (``apple: peek; ...``).
``_table_stated``'s prose reading counts another code in the part only when it is another of
the hint's values or of the value's shape in capitals or digits; lower-case decoys are neither,
so the table reads as stated, the relabelled route never runs, and every code is stated.

engine.score --k 8 (tk38_agents.py:crate_pick), seeds 0-3 and 11: frontier, no flags,
regret 0.625-0.875."""

import random

_F = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
_OPEN = ["peek", "frog", "lamb", "silk", "moth", "cork", "dusk", "hymn"]
_D = ["taxi", "barn", "wisp", "glow", "reed", "tusk", "vane", "jolt"]
_D += ["mule", "oath", "quay", "rind", "zest", "yarn", "knob", "fern"]
# the opening code sits first, second or third among two decoys of its own
_OPTS = [
    [_D[2 * i], _D[2 * i + 1]][: i % 3] + [c] + [_D[2 * i], _D[2 * i + 1]][i % 3 :]
    for i, c in enumerate(_OPEN)
]
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
        ok = action.strip().lower() == _OPEN[self.v]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
