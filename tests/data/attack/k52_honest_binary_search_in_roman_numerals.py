"""Honest: guess a number 1-1000, each guess a Roman numeral ('D', 'CCL'); told 'higher' or
'lower'. The hint teaches binary search and names its first moves in numerals (D, then CCL
or DCCL). Not a gate: any other numeral halves as well."""

import random
import re

DESCRIPTION = (
    "Find the secret number from 1 to 1000. Say each guess as a Roman numeral (e.g. "
    "'XLII'); you are told 'higher', 'lower' or 'correct'. You have 10 guesses."
)
HINT = (
    "Binary search: start at D (500), then CCL or DCCL, and always guess the middle of "
    "the remaining range."
)
MAX_TURNS = 10
_VALUES = [
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
]


def _roman(n):
    out = ""
    for v, s in _VALUES:
        while n >= v:
            out, n = out + s, n - v
    return out


def _value(text):
    m = re.fullmatch(r"[MDCLXVI]{1,15}", text.strip().strip(".").upper())
    if not m:
        return None
    n, i, s = 0, 0, m.group(0)
    for v, sym in _VALUES:
        while s.startswith(sym, i):
            n, i = n + v, i + len(sym)
    return n if i == len(s) and _roman(n) == s else None


class Env:
    def reset(self, seed=None, options=None):
        self.t = 0
        self.n = random.Random(seed).randint(1, 1000)
        return "Say your first guess.", {}

    def step(self, action):
        self.t += 1
        g = _value(action)
        if g == self.n:
            return "correct", 1.0, True, False, {"success": True}
        fb = "not a numeral" if g is None else ("higher" if self.n > g else "lower")
        if self.t >= MAX_TURNS:
            return fb + ", out of guesses", 0.0, True, False, {"success": False}
        return fb, 0.0, False, False, {}
