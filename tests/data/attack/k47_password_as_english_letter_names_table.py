"""k31's kind in English letter names: a per-door password, one letter a turn, each letter
spoken as its English name ('vee', 'eye', 'oh', 'ell', 'ee', 'tee')."""

import random

DESCRIPTION = (
    "You face a numbered door with a voice lock. Spell its 6-letter password one letter per "
    "turn, saying each letter's English name (ay, bee, cee, dee, ee, ef, ...). A wrong letter "
    "bars the door."
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
_NAMES = (
    "ay bee cee dee ee ef gee aitch eye jay kay ell em en oh pee cue ar ess tee you vee "
    "doubleyou ex why zed"
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
        words = action.lower().replace("-", "").split()
        said = words[-1].strip(".!") if words else ""
        want = _WORDS[self.v][self.i]
        if said not in _NAMES or _NAMES.index(said) != ord(want) - ord("a"):
            self.done = True
            return "Barred.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 6:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next letter.", 0.0, False, False, {}
