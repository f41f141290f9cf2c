"""h58's kind in Roman numerals: the vault's 4-digit code (digits 1-9), a numeral a turn
('VII' for 7); no answer holds a digit."""

import random

DESCRIPTION = (
    "You face a numbered vault with a Roman dial. Key its 4-digit code one digit per turn, "
    "each digit as a Roman numeral (answer e.g. 'IV'). A wrong numeral locks the vault."
)
_CODES = ["7398", "4182", "5639", "2917", "8154", "6341", "1728", "9465", "3826", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 4

_ROMAN = "- i ii iii iv v vi vii viii ix".split()


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Dial the first numeral.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        want = _ROMAN[int(_CODES[self.v][self.t])]
        self.t += 1
        if action.strip().strip(".").lower() != want:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        if self.t == MAX_TURNS:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next.", 0.0, False, False, {}
