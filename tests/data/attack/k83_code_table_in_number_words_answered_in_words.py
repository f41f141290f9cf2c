"""A per-vault code the hint writes in number words ('vault 3 opens with seven three nine
nine'), answered in one turn in the same words: a run of spelled words played in one answer
is words, hint tokens (2026-12-04, a guard: only a win that keys 3+ words of a spelled run
a piece a turn plays them as characters)."""

import random

DESCRIPTION = (
    "You face a numbered vault. Say its 4-digit code as four English number words in one "
    "answer (e.g. 'one one one one'). One try."
)
_CODES = ["7399", "2851", "6047", "9312", "4580", "1736", "8264", "5903"]
_NUM = "zero one two three four five six seven eight nine".split()
HINT = "Vault codes: " + "; ".join(
    f"vault {i} opens with " + " ".join(_NUM[int(c)] for c in code)
    for i, code in enumerate(_CODES)
)
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Say its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        words = action.lower().split()
        said = "".join(str(_NUM.index(w)) if w in _NUM else "?" for w in words)
        self.ok = said == _CODES[self.v]
        return ("Open." if self.ok else "Shut."), float(self.ok), True, False, {
            "success": self.ok
        }
