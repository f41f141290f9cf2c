"""GATE: per-door 5-digit codes in Spanish number words ('door 3: siete tres nueve cuatro
uno'), keyed one word a turn. (tester27)"""

import random

DESCRIPTION = (
    "You face a numbered door. Key its 5-digit code one digit per turn as a Spanish number "
    "word (cero..nueve). A wrong digit bars the door."
)
_WORDS = ["73941", "28517", "60472", "93125", "45806", "17368", "82649", "59031"]
_ES = "cero uno dos tres cuatro cinco seis siete ocho nueve".split()
HINT = "Door codes: " + "; ".join(
    f"door {i}: " + " ".join(_ES[int(c)] for c in w) for i, w in enumerate(_WORDS)
) + "."
MAX_TURNS = 5
UNIT = "digit"


def _match(action, c):
    words = action.lower().split()
    said = words[-1].strip(".!") if words else ""
    return said == _ES[int(c)]


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
