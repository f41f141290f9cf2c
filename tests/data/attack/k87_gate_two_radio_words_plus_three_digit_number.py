"""GATE: each door's password is 2 radio words keyed over 2 turns, then a 3-digit number
on the third ('door 3: Bravo Alfa 417'): no run of 3 spelled words anywhere. (tester27)"""

import random

DESCRIPTION = (
    "You face a numbered door. Key its password: two NATO words, one per turn, then a "
    "3-digit number. A wrong piece bars the door."
)
_WORDS = [
    ("bravo", "alfa", "417"), ("kilo", "echo", "902"), ("zulu", "mike", "358"),
    ("golf", "tango", "641"), ("papa", "romeo", "275"), ("delta", "xray", "830"),
    ("hotel", "lima", "196"), ("oscar", "uniform", "563"),
]
HINT = "Door passwords: " + "; ".join(
    f"door {i}: {a.title()} {b.title()} {n}" for i, (a, b, n) in enumerate(_WORDS)
) + "."
MAX_TURNS = 3
UNIT = "piece"
_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()


def _match(action, piece):
    words = action.lower().split()
    said = words[-1].strip(".!") if words else ""
    return said == piece


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
