"""Slow (Critic CPU): a hint whose table (``apple: PEEK; pear: FROG; ...``) is followed by a
word and 20,000 spaces (a padded line, as a layout might leave); the description lists
every code, so the censored route has no unseen token and the relabelled route runs. ``_TABLE_LABELS``' first
pattern reads a label word, then ``[ \\t]+\\[?[ \\t]*`` before the value: the two runs of
spaces split the padding every way before the value fails, quadratic in the run's length,
at every word so followed. ``_hint_tables`` (the relabelled route's precondition, through
``_label_matches``) spends about 47 CPU-s on it, against about 1 s for a normal design.

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
    "The codes that open them: "
    + "; ".join(f"{f}: {c}" for f, c in zip(_F, _C, strict=True))
    + ".\nEnd of ledger"
    + " " * 20_000
    + "|"
)
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _F[self.v] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _C[self.v]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
