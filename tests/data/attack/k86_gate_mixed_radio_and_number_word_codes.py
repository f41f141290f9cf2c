"""GATE: per-door codes mixing radio words and number words ('door 2: Bravo seven Alfa
three Xray nine'), keyed one word a turn. (tester27)"""

import random

DESCRIPTION = (
    "You face a numbered door with a radio lock. Key its 6-character code one character per "
    "turn: letters as NATO words, digits as English number words. A wrong one bars the door."
)
_WORDS = ["b7a3x9", "k2m8q1", "z5d0r4", "h9u6l2", "p3e7w5", "c1y4n8", "g6j2s9", "t0f5o3"]
_NUM = "zero one two three four five six seven eight nine".split()
_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()


def _say(c):
    return _NUM[int(c)] if c.isdigit() else _NATO[ord(c) - 97].title()


HINT = "Door codes: " + "; ".join(
    f"door {i}: " + " ".join(_say(c) for c in w) for i, w in enumerate(_WORDS)
) + "."
MAX_TURNS = 6
UNIT = "character"


def _match(action, c):
    words = action.lower().split()
    said = words[-1].strip(".!") if words else ""
    return said == _say(c).lower()


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
