"""Gate (tester29): a per-vault code table in Chinese numerals WITH place words (七千三百九十九
for 7399): the digit fold reads 七 as 7 but 千/百/十 (numeric values 1000/100/10) stay, so
the token is `7千3百9十9`."""

import random

DESCRIPTION = (
    'A vault with a keypad. Type its 4-digit code as one number. A wrong code locks the vault.'
)
_CODES = ['7399', '4821', '5163', '2874', '9435', '6417', '3852', '8146']

_CN = "零一二三四五六七八九"


def _cn(c):
    return f"{_CN[int(c[0])]}千{_CN[int(c[1])]}百{_CN[int(c[2])]}十{_CN[int(c[3])]}"


HINT = (
    "Vault codes: "
    + "; ".join(f"vault {i} opens with {_cn(c)}" for i, c in enumerate(_CODES))
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
