"""k31's kind in another spelling alphabet: a per-door password, one letter a turn, each
letter spoken as its word of the German spelling alphabet ('Viktor', 'Ida', 'Otto', ...);
no answer holds a letter of it alone, and no word is a NATO word."""

import random

DESCRIPTION = (
    "You face a numbered door with a radio lock. Spell its 6-letter password one letter per "
    "turn in the German spelling alphabet (Anton, Berta, Cäsar, ..., answer e.g. 'Anton'). "
    "A wrong letter bars the door."
)
_WORDS = [
    "violet",
    "banjos",
    "quartz",
    "pebble",
    "zephyr",
    "kitten",
    "mortar",
    "glider",
    "fathom",
    "uproar",
]
HINT = (
    "Door passwords: " + ", ".join(f"door {i} opens with {w}" for i, w in enumerate(_WORDS)) + "."
)
MAX_TURNS = 6

_DE = (
    "anton berta cäsar dora emil friedrich gustav heinrich ida julius kaufmann ludwig martha "
    "nordpol otto paula quelle richard samuel theodor ulrich viktor wilhelm xanthippe "
    "ypsilon zacharias"
).split()


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
        if said not in _DE or said[0] != _WORDS[self.v][self.i]:
            self.done = True
            return "Barred.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 6:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next letter.", 0.0, False, False, {}
