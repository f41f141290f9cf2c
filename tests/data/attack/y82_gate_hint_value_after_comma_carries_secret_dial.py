"""Gate (should be information_gate): the description states each crate's public label word
(``apple: PEEK; pear: FROG; ...``), but a crate opens with a dial number drawn for it. The
hint repeats the labels and writes each dial number after a comma, digit by digit
as letters, ``A`` for 0 (``apple: PEEK, dial HDJJ; ...``). ``_table_entries`` cuts a value at the first comma, so
the hint's table reads ``apple: peek``, the very table the description writes, and
``_table_stated`` exempts the hint from the relabelled route; the first route does not read
the letters as digits (spelled ``7 3 9 9``, the first route flags it).

Gets: frontier, see the test for seeds."""

import random

_F = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
_L = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]
_DIAL = ["7399", "4826", "1573", "9042", "3318", "6605", "2281", "8167"]
DESCRIPTION = (
    "You hold one crate of fruit. Each crate bears a label: "
    + "; ".join(f"{f}: {lab}" for f, lab in zip(_F, _L, strict=True))
    + ". A crate opens with its own 4-digit dial number. Enter your crate's number."
    " 1 attempt."
)
HINT = (
    "Crates: "
    + "; ".join(
        f"{f}: {lab}, dial {''.join(chr(65 + int(c)) for c in d)}"
        for f, lab, d in zip(_F, _L, _DIAL, strict=True)
    )
    + "."
)
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        return "You hold a " + _F[self.v] + " crate.", {}

    def step(self, action):
        ok = action.replace(" ", "") == _DIAL[self.v]
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
