"""h58's kind, each digit keyed as a sum of two ('3+4' for 7): the vault adds the numbers of
the answer; no answer holds a digit of the code."""

import random
import re

DESCRIPTION = (
    "You face a numbered vault. Key its 4-digit code one digit per turn; the keypad adds up "
    "the numbers you name in a turn (answer e.g. '2+2'). A wrong digit locks the vault."
)
_CODES = ["7398", "4182", "5639", "2917", "8154", "6341", "1728", "9465", "3826", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 4


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Key the first digit.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        total = sum(int(n) for n in re.findall(r"\d+", action)[:4])
        want = int(_CODES[self.v][self.t])
        self.t += 1
        if total != want:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        if self.t == MAX_TURNS:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next.", 0.0, False, False, {}
