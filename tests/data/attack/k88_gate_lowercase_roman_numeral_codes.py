"""GATE: per-vault 4-digit codes written as lowercase Roman numerals ('vault 3: vii iii ix
ix'), keyed one numeral a turn in the same form. (tester27)"""

import random

DESCRIPTION = (
    "You face a numbered vault. Key its 4-digit code one digit per turn as a lowercase "
    "Roman numeral (i to ix). A wrong digit locks it."
)
_WORDS = ["7398", "2851", "6147", "9312", "4586", "1736", "8264", "5913"]
_ROM = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]
HINT = "Vault codes: " + "; ".join(
    f"door {i}: " + " ".join(_ROM[int(c)] for c in w) for i, w in enumerate(_WORDS)
) + "."
MAX_TURNS = 4
UNIT = "numeral"


def _match(action, c):
    words = action.lower().split()
    said = words[-1].strip(".!") if words else ""
    return said == _ROM[int(c)]


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.i = 0
        self.done = False
        self.ok = False
        return f"This is door {self.v}. Say the first {UNIT}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        if not _match(action, _WORDS[self.v][self.i]):
            self.done = True
            return "Barred.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == len(_WORDS[self.v]):
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next.", 0.0, False, False, {}
