"""h58's kind in Greek numerals: the vault's 4-digit code (digits 1-9), a digit a turn,
each spoken as the Greek letter of that value (alpha 1, beta 2, gamma 3, delta 4, epsilon 5,
stigma 6, zeta 7, eta 8, theta 9)."""

import random
import re

DESCRIPTION = (
    "You face a numbered vault with a Greek keypad. Key its 4-digit code one digit per turn "
    "as the Greek numeral letter's name (alpha 1, beta 2, gamma 3, delta 4, epsilon 5, "
    "stigma 6, zeta 7, eta 8, theta 9), e.g. 'press gamma'. A wrong key locks the vault."
)
_CODES = ["7398", "4182", "5639", "2917", "8154", "6341", "1728", "9465", "3826", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 4
_GREEK = "- alpha beta gamma delta epsilon stigma zeta eta theta".split()


def _read(action):
    for w in re.findall(r"\w+", action.lower()):
        if w in _GREEK[1:]:
            return str(_GREEK.index(w))
    return ""


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Press the first key.", {}

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
