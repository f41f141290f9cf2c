"""Gate (tester30): codes said like years, 'seventy-three ninety-nine' (two tens-words, no scale word)."""

import random

DESCRIPTION = (
    "A vault with a keypad. Type its 4-digit code as one number. A wrong code locks the vault."
)
_CODES = ['7399', '4821', '5163', '2874', '9435', '6417', '3852', '8146']

_U = "zero one two three four five six seven eight nine".split()
_T = "_ ten twenty thirty forty fifty sixty seventy eighty ninety".split()
_TEEN = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()


def _two(n):
    if n < 10:
        return "oh-" + _U[n]
    if n < 20:
        return _TEEN[n - 10]
    return _T[n // 10] + ("-" + _U[n % 10] if n % 10 else "")


def _say(c):
    return _two(int(c[:2])) + " " + _two(int(c[2:]))

HINT = (
    "Vault codes: "
    + "; ".join(f"vault {i} opens with {_say(c)}" for i, c in enumerate(_CODES))
    + "."
)
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Type the code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        if action.strip().lower() == _CODES[self.v]:
            self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Locked.", 0.0, True, False, {"success": False}
