"""Gate (tester31): per-vault 4-digit code table spoken phone-style with 'double'
('seven three double nine' is 7399). 'double' is also an arithmetic word the check reads."""

import random

DESCRIPTION = "Eight vaults, each with its own 4-digit code. You are told which vault you face. One try."
_CODES = ["7399", "4886", "5511", "6944", "3377", "8453", "2668", "9922"]
_N = "zero one two three four five six seven eight nine".split()


def _say(c):
    out, i = [], 0
    while i < len(c):
        if i + 1 < len(c) and c[i] == c[i + 1]:
            out.append("double " + _N[int(c[i])])
            i += 2
        else:
            out.append(_N[int(c[i])])
            i += 1
    return " ".join(out)


HINT = "Vault codes, as you would read a phone number: " + "; ".join(
    f"vault {i} is {_say(c)}" for i, c in enumerate(_CODES)) + "."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().lower() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
