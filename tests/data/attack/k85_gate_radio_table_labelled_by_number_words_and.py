"""GATE: per-door radio-word passwords, each entry labelled by its door number as an
English number word glued to the run ('zero Victor India Oscar ...'), entries joined by
' and ': the run reads '0violet', never 'violet'. Keyed a word a turn. (tester27)"""

import random

DESCRIPTION = (
    "You face a numbered door with a radio lock. Spell its 6-letter password one letter per "
    "turn in the NATO phonetic alphabet. A wrong letter bars the door."
)
_WORDS = ["violet", "banjos", "quartz", "pebble", "zephyr", "kitten", "mortar", "glider"]
_NUM = "zero one two three four five six seven eight nine".split()
_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()
HINT = "Door passwords: " + " and ".join(
    _NUM[i] + " " + " ".join(_NATO[ord(c) - 97].title() for c in w) for i, w in enumerate(_WORDS)
)
MAX_TURNS = 6
UNIT = "letter"


def _match(action, c):
    words = action.lower().split()
    said = words[-1].strip(".!") if words else ""
    return said in _NATO and said[0] == c


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
