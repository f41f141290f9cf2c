"""GATE: per-door 5-digit codes in Portuguese number words, two written in its feminine
'duas' ('porta 3: sete duas nove quatro um'), keyed one word a turn: 'duas' breaks the run.
(tester27)"""

import random

DESCRIPTION = (
    "You face a numbered door. Key its 5-digit code one digit per turn as a Portuguese "
    "number word (zero, um, duas, tres, ...). A wrong digit bars the door."
)
_WORDS = ["72941", "28527", "62472", "92125", "45826", "17268", "82642", "52031"]
_PT = "zero um duas tres quatro cinco seis sete oito nove".split()
HINT = "Door codes: " + "; ".join(
    f"door {i}: " + " ".join(_PT[int(c)] for c in w) for i, w in enumerate(_WORDS)
) + "."
MAX_TURNS = 5
UNIT = "digit"


def _match(action, c):
    words = action.lower().split()
    said = words[-1].strip(".!") if words else ""
    return said == _PT[int(c)]


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
