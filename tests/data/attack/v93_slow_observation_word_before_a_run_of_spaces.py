"""Slow (Critic CPU): the hint is a plain table (``apple: PEEK; pear: FROG; ...``), the
description lists every code (so the censored route has no unseen token and the relabelled
route runs), and each observation ends in a word padded with 1,000 spaces (``Shelf      ...
!``, as a fixed-width layout might leave). ``_LABEL_NUMERAL`` reads a label word, then
``[ \\t]*:?[ \\t]+(?:no\\.|#|№)?[ \\t]*`` before the numeral: three runs of spaces split the
padding every way before the numeral fails, cubic in the run's length (``_label_numerals``
takes 5 CPU-s on one such line, 18 on 1,500 spaces, 340 on 4,000). ``_shown_labels`` reads
every task's observations, and the whole, through ``_table_label``.

The hinted Agent reads its crate's code from the hint; unhinted it guesses."""

import random

_F = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
_C = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]
DESCRIPTION = (
    "You hold one crate of fruit; enter the code that opens it, one of "
    + ", ".join(_C)
    + ". 1 attempt."
)
HINT = (
    "The codes that open them: " + "; ".join(f"{f}: {c}" for f, c in zip(_F, _C, strict=True)) + "."
)
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _F[self.v] + " crate.\nShelf" + " " * 1_000 + "!", {}

    def step(self, action):
        ok = action.strip().upper() == _C[self.v]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
