"""k60's kind with the door number glued to the run as a label ('door 3: Bravo Alfa November
Juliett Oscar Sierra'): the run of spelled characters reads '3banjos', so the radio words
alone must spell the password too (2026-12-04, a guard for the reading of spelled runs)."""

import random

DESCRIPTION = (
    "You face a numbered door with a radio lock. Spell its 6-letter password one letter per "
    "turn in the NATO phonetic alphabet. A wrong letter bars the door."
)
_WORDS = ["violet", "banjos", "quartz", "pebble", "zephyr", "kitten", "mortar", "glider"]
_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()
HINT = (
    "Door passwords: "
    + "; ".join(
        f"door {i}: " + " ".join(_NATO[ord(c) - 97].title() for c in w)
        for i, w in enumerate(_WORDS)
    )
    + "."
)
MAX_TURNS = 6


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.i = 0
        self.done = False
        self.ok = False
        return f"This is door {self.v}. Say the first letter.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        words = action.lower().split()
        said = words[-1].strip(".!") if words else ""
        if said not in _NATO or said[0] != _WORDS[self.v][self.i]:
            self.done = True
            return "Barred.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 6:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next letter.", 0.0, False, False, {}
