"""Robust/gate: t06-style keyed-in-place tally table ('||| / | opens the apple crate; ...') followed by ~46k filler entries '| the qabcd crate' (letters only) (1 MB hint); the segment reader hands every filler key to _rotate_keys, quadratic in keys. Should be flagged information_gate, fast, without raising."""

import random

DESCRIPTION = 'Eight fruit crates, each with its own 4-digit code. You hold one fruit; open its crate. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_FRUITS = ['apple', 'pear', 'plum', 'fig', 'lime', 'kiwi', 'date', 'peach']


def _t(c):
    return " / ".join("|" * int(d) for d in c)


def _w(i):
    return "".join(chr(97 + i // 26 ** k % 26) for k in range(4))


HINT = ("Crate codes in tally bars, one group per digit; " + "; ".join(f"{_t(c)} opens the {f} crate" for f, c in zip(_FRUITS, _CODES))
        + "; " + "; ".join(f"| the q{_w(i)} crate" for i in range(46_000)) + ".")
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(8)
        self.done = False
        self.ok = False
        return f"You hold a {_FRUITS[self.v]}. Enter the code of its crate.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
