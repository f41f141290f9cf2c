"""k79's table as an unlabelled list in door order, a password's radio words apart from the
next one's by a comma ('Victor India Oscar Lima Echo Tango, Bravo Alfa ...'): one run of 48
spelled words, the door's password in its middle (2026-12-04, a guard: a run's groups
between punctuation are read too)."""

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
    "The passwords of doors 0 to 7 in order: "
    + ", ".join(" ".join(_NATO[ord(c) - 97].title() for c in w) for w in _WORDS)
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
