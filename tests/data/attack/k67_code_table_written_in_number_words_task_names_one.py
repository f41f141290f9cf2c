"""k62 in cardinals: the hint writes each vault's code as number words apart ('vault 3 opens
with seven, three, nine, eight'), the description naming one ('press two'): every hint
token is a word of a system the task speaks."""

import random
import re

DESCRIPTION = (
    "You face a numbered vault with nine buttons in a row. Key its 4-button code one button "
    "per turn by its number word, e.g. 'press two'. A wrong button locks "
    "the vault."
)
_CODES = ["7398", "4182", "5639", "2917", "8154", "6341", "1728", "9465", "3826", "5274"]
_NUM = "zero one two three four five six seven eight nine".split()
HINT = (
    "Vault codes: "
    + "; ".join(
        f"vault {i} opens with " + ", ".join(_NUM[int(d)] for d in c) for i, c in enumerate(_CODES)
    )
    + "."
)
MAX_TURNS = 4


def _read(action):
    for w in re.findall(r"[a-z0-9]+", action.lower()):
        if w in _NUM:
            return str(_NUM.index(w))
    return ""


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Press the first button of its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        want = _CODES[self.v][self.t]
        self.t += 1
        if _read(action) != want:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        if self.t == MAX_TURNS:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next.", 0.0, False, False, {}
