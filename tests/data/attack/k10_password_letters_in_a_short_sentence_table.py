"""k1's kind with a verb: the door's password keyed a letter a turn as 'type <letter>' (a letter in a sentence is no piece)."""

import random
import re

DESCRIPTION = "You face a numbered door. Spell its 6-letter password one letter per turn, answering 'type <letter>'. A wrong letter bars the door."
_CODES = [
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
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 6


def _want(code, t):
    return code[t]


def _read(a, t):
    m = re.fullmatch(r"\s*type\s+([a-z])\s*\.?\s*", a.lower())
    return m.group(1) if m else ""


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Key the first part.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        want = _want(_CODES[self.v], self.t)
        self.t += 1
        if _read(action, self.t - 1) != want:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        if self.t == MAX_TURNS:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next.", 0.0, False, False, {}
