"""h58's kind with a confirmation in the same alphabet: the vault's 4-digit code, a digit a
turn, each followed by a turn that types the digit's place (1-4) to confirm it; the digits
stream is code and places interleaved (7, 1, 3, 2, 9, 3, 9, 4)."""

import random

DESCRIPTION = (
    "You face a numbered vault. Key its 4-digit code one digit per turn; after each digit, "
    "confirm it by typing its place in the code (1 to 4). A wrong digit or place locks it."
)
_CODES = ["7399", "4182", "5630", "2917", "8054", "6341", "1728", "9465", "3806", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 8


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
        i, confirm = divmod(self.t, 2)
        want = str(i + 1) if confirm else _CODES[self.v][i]
        self.t += 1
        if action.strip().strip(".") != want:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        if self.t == MAX_TURNS:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return ("Confirm its place." if not confirm else "Next digit."), 0.0, False, False, {}
