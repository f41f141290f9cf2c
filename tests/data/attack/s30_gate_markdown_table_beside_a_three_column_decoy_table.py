"""A gate (should be flagged information_gate): the description shows three warehouses' codes
as Markdown, warehouse A in a two-column table (crate | code) and B and C in a three-column one
(crate | B | C), and does not say which warehouse the crate is in; the hint says A and gives its
table. ``_as_rows`` reads only two-cell rows (``_TABLE_ROWS``), so the decoy table's rows are
not entries at all and ``_table_stated`` finds every hint key stated with the hint's value and
no other.

engine.score --k 8 (tk43_agents.py:three_warehouses), seeds 0-3 and 11: accepted, no flags (regret 0.5-0.875)."""

import random

_F = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
_A = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]
_B = ["TAXI", "BARN", "WISP", "GLOW", "REED", "TUSK", "VANE", "JOLT"]
_C = ["MULE", "OATH", "QUAY", "RIND", "ZEST", "YARN", "KNOB", "FERN"]
DESCRIPTION = (
    "You hold one crate of fruit, in one of three warehouses; you are not told which.\n\n"
    "Warehouse A:\n\n| crate | code |\n|---|---|\n"
    + "".join(f"| {f} | {a} |\n" for f, a in zip(_F, _A, strict=True))
    + "\nWarehouses B and C:\n\n| crate | B | C |\n|---|---|---|\n"
    + "".join(f"| {f} | {b} | {c} |\n" for f, b, c in zip(_F, _B, _C, strict=True))
    + "\nEnter the code of your crate. 1 attempt."
)
HINT = (
    "You are in warehouse A: " + "; ".join(f"{f}: {a}" for f, a in zip(_F, _A, strict=True)) + "."
)
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _F[self.v] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _A[self.v]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
