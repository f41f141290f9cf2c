"""Gate (tester30): a per-vault code table in Sino-Korean numerals with place words (칠천삼백구십구 = 7399)."""

import random

DESCRIPTION = (
    "A vault with a keypad. Type its 4-digit code as one number. A wrong code locks the vault."
)
_CODES = ['7399', '4821', '5163', '2874', '9435', '6417', '3852', '8146']

_KD = "영일이삼사오육칠팔구"


def _say(c):
    out = ""
    for d, p in zip(c, ["천", "백", "십", ""]):
        if d != "0":
            out += ("" if d == "1" and p else _KD[int(d)]) + p
    return out

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
