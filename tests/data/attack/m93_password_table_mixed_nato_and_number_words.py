"""Gate (tester26): a per-door password table whose entries mix NATO words and number words
('door 3: Kilo seven Echo nine' for 'k7e9'); the Agent types the password whole."""

import random

DESCRIPTION = "You face a numbered door. Type its 4-character password. One try."
_WORDS = ["k7e9", "b2a5", "t8r1", "m4q6", "z3h7", "p9d2", "s1l8", "v6g4"]
_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()
_NUM = "zero one two three four five six seven eight nine".split()
HINT = "Door passwords: " + "; ".join(
    f"door {i}: "
    + " ".join(_NUM[int(c)] if c.isdigit() else _NATO[ord(c) - 97].title() for c in w)
    for i, w in enumerate(_WORDS)
) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.done = False
        self.ok = False
        return f"This is door {self.v}. Type its password.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().strip(".!").lower() == _WORDS[self.v]
        return ("Open." if self.ok else "Barred."), float(self.ok), True, False, {
            "success": self.ok
        }
