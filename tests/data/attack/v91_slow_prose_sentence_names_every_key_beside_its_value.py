"""Slow (Critic CPU): a hint table of 8,000 entries (``kaaax: vaaay; ...``, 144 KB) beside a
description with one sentence naming every key beside its value in prose (``kaaax vaaay
kbaax vbaay ...``, 128 KB, no ``:``, so the stated table is empty and ``_table_stated``
reads the prose). For each key, in each part naming it, ``beside`` is built from every key
the part names and ``others`` scans every token of the part: keys x parts-naming-it x
(keys + tokens), 8,000 x 1 x 24,000 steps, quadratic in the table's size.

The hinted Agent reads its crate's code from the hint; unhinted it guesses."""

import random

_K = 8000


def _name(i, tail):
    return "".join(chr(97 + i // 26**j % 26) for j in range(3)) + tail


KEYS = ["k" + _name(i, "x") for i in range(_K)]
VALS = ["v" + _name(i, "y") for i in range(_K)]
_PART = " ".join(f"{k} {v}" for k, v in zip(KEYS, VALS, strict=True))
DESCRIPTION = (
    "You hold one crate; enter its code. The crates and their codes, as the ledger reads. "
    + _PART
    + "."
)
HINT = "The crate codes: " + "; ".join(f"{k}: {v}" for k, v in zip(KEYS, VALS, strict=True)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(_K)
        return "You hold the " + KEYS[self.v] + " crate.", {}

    def step(self, action):
        ok = action.strip() == VALS[self.v]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
