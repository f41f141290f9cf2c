"""k27/k28's kind with the forms mixed within one code: the vault's 4-digit code (digits
1-9), a digit a turn, each turn in another spoken form of the Agent's choice: a Roman
numeral ('VII'), a number word ('three'), an ordinal ('the ninth') or a digit ('8')."""

import random
import re

DESCRIPTION = (
    "You face a numbered vault. Key its 4-digit code one digit per turn. Say each digit any "
    "way you like: as a digit ('2'), a word ('two'), an ordinal ('the second') or a Roman "
    "numeral ('II'). A wrong digit locks the vault."
)
_CODES = ["7398", "4182", "5639", "2917", "8154", "6341", "1728", "9465", "3826", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 4

_FORMS = [
    "- one two three four five six seven eight nine".split(),
    "- first second third fourth fifth sixth seventh eighth ninth".split(),
    "- i ii iii iv v vi vii viii ix".split(),
]


def _read(action):
    for w in re.findall(r"\w+", action.lower()):
        if w.isdigit() and len(w) == 1:
            return w
        for form in _FORMS:
            if w in form[1:]:
                return str(form.index(w))
    return ""


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Say the first digit.", {}

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
