"""Gate (tester26): k82's kind (an unlabelled table of 3-letter passwords in NATO words, a
door's password keyed one NATO word a turn) with one entry per line instead of commas between
entries. A line break is no group break of a spelled run, so the whole table reads as one run
of 24 letters and no entry is a hint token; the win keys 3 words of the run, so its words are
characters too."""

import random

DESCRIPTION = (
    "You face a numbered door with a radio lock. Spell its 3-letter password one letter per "
    "turn in the NATO phonetic alphabet. A wrong letter bars the door."
)
_WORDS = ["ban", "vio", "qtz", "peb", "zeh", "kit", "mor", "gld"]
_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()
HINT = "Door passwords, a line per door in door order:\n" + "\n".join(
    " ".join(_NATO[ord(c) - 97].title() for c in w) for w in _WORDS
)
MAX_TURNS = 3


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
        if self.i == 3:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next letter.", 0.0, False, False, {}
