"""Gate (tester26): an unlabelled table of 4-letter passwords in NATO words, entries between
commas ('Bravo Alfa November Juliett, ...'), each password keyed TWO NATO words a turn
('Bravo Alfa', then 'November Juliett'): a short answer of two spelling words keys no piece,
so its words are plain hint tokens and should be censored."""

import random

DESCRIPTION = (
    "You face a numbered door with a radio lock. Its password has 4 letters: say them in the "
    "NATO phonetic alphabet, two letters per turn (e.g. 'Hotel India'). A wrong pair bars the "
    "door."
)
_WORDS = ["banj", "viol", "quar", "pebl", "zeph", "kitn", "mort", "glid"]
_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()
HINT = "Door passwords, doors 0 to 7 in order: " + ", ".join(
    " ".join(_NATO[ord(c) - 97].title() for c in w) for w in _WORDS
)
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.i = 0
        self.done = False
        self.ok = False
        return f"This is door {self.v}. Say the first two letters.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        words = [w.strip(".!,") for w in action.lower().split()]
        want = _WORDS[self.v][2 * self.i : 2 * self.i + 2]
        ok = len(words) == 2 and all(w in _NATO for w in words)
        if not ok or words[0][0] + words[1][0] != want:
            self.done = True
            return "Barred.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 2:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next two letters.", 0.0, False, False, {}
