"""Robust/gate: t05-style keyed tally table (apple: ...) followed by ~80k filler keyed entries 'qabcd: -' (letters only, so no filler number covers a code) (1 MB hint); _rotate_keys keeps its key order in a list ('not in order'), quadratic in keys. Should be flagged information_gate, fast, without raising."""

import random

DESCRIPTION = 'Eight fruit crates, each with its own 4-digit code. You hold one fruit; open its crate. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_FRUITS = ['apple', 'pear', 'plum', 'fig', 'lime', 'kiwi', 'date', 'peach']


def _t(c):
    return " / ".join("|" * int(d) for d in c)


def _w(i):
    return "".join(chr(97 + i // 26 ** k % 26) for k in range(4))


HINT = ("Crate codes in tally bars, one group per digit: " + "; ".join(f"{f}: {_t(c)}" for f, c in zip(_FRUITS, _CODES))
        + "; " + "; ".join(f"q{_w(i)}: -" for i in range(80_000)) + ".")
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
