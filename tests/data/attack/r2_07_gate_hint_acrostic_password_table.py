"""Gate (tester31): per-vault 6-letter password table; the hint writes each password as an
acrostic of capitalised words on the HINT side ('Sunny Evenings Sound Always Mellow Everywhere'
is sesame). The acrostic readings are of answers only."""

import random

DESCRIPTION = "Eight vaults, each with its own 6-letter password. You are told which vault you face. One try."
_CODES = ["sesame", "dragon", "walnut", "copper", "meadow", "falcon", "timber", "violet"]
_AC = {
    "sesame": "Sunny Evenings Sound Always Mellow Everywhere",
    "dragon": "Dogs Run Around Green Old Numbers",
    "walnut": "Winter Always Leaves Nothing Untouched There",
    "copper": "Cats Often Prowl People's Empty Rooms",
    "meadow": "Many Eagles Always Dive Over Water",
    "falcon": "Fresh Apples Lie Casually On Necks",
    "timber": "Tall Ideas Make Bright Eager Rivers",
    "violet": "Very Important Owls Love Evening Tea",
}
HINT = "Read the capitals: " + "; ".join(f"vault {i}: {_AC[c]}" for i, c in enumerate(_CODES)) + "."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().lower() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
