"""k29's kind with two confirmations: the vault's 4-digit code, a digit a turn, each followed
by a turn that types the digit's place (1-4) and one that types how many digits are left
(3-0); the digits stream is 7, 1, 3, 3, 2, 2, 9, 3, 1, 9, 4, 0: the code is every third."""

import random

DESCRIPTION = (
    "You face a numbered vault. Key its 4-digit code one digit per turn; after each digit, "
    "confirm it by typing its place in the code (1 to 4), then how many digits are left "
    "(3 to 0). A wrong digit, place or count locks it."
)
_CODES = ["7399", "4182", "5630", "2917", "8054", "6341", "1728", "9465", "3806", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 12


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
        i, part = divmod(self.t, 3)
        want = [_CODES[self.v][i], str(i + 1), str(3 - i)][part]
        self.t += 1
        if action.strip().strip(".") != want:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        if self.t == MAX_TURNS:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return (
            ["Confirm its place.", "How many are left?", "Next digit."][part],
            0.0,
            False,
            False,
            {},
        )
