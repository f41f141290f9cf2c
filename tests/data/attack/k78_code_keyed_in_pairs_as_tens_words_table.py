"""k2's kind (pairs) in words: the vault's 4-digit code keyed two digits a turn as an English
number word ('seventy-three', 'ninety-eight'); number words of one digit are read, of two
not."""

import random
import re

DESCRIPTION = (
    "You face a numbered vault. Key its 4-digit code two digits per turn, each pair as an "
    "English number word. A wrong pair locks the vault."
)
_CODES = ["7398", "4182", "5639", "2917", "8154", "6341", "1728", "9465", "3826", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 2
_ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
_ONES += "fifteen sixteen seventeen eighteen nineteen"
_TENS = "- - twenty thirty forty fifty sixty seventy eighty ninety".split()
_VALUE = {w: i for i, w in enumerate(_ONES.split())}
for _t, _w in enumerate(_TENS):
    if _w != "-":
        _VALUE[_w] = 10 * _t
        for _o in range(1, 10):
            _VALUE[f"{_w}-{_ONES.split()[_o]}"] = 10 * _t + _o


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Key the first pair.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        said = re.sub(r"[^a-z-]", "", action.strip().lower())
        want = int(_CODES[self.v][2 * self.t : 2 * self.t + 2])
        self.t += 1
        if _VALUE.get(said) != want:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        if self.t == MAX_TURNS:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next.", 0.0, False, False, {}
