"""k80 with the table an unlabelled list in door order ('Delta, Oscar, Kilo, ...'): a run of
spelled words, but each win plays one word of it, a hint token (2026-12-04, a guard: only a
win that keys 3+ words of a spelled run a piece a turn plays them as characters)."""

import random

DESCRIPTION = (
    "You face a numbered door. Say its password, one word of the NATO phonetic alphabet. One "
    "try."
)
_DOORS = ["delta", "oscar", "kilo", "lima", "tango", "romeo", "sierra", "quebec"]
HINT = "The passwords of doors 0 to 7 in order: " + ", ".join(w.title() for w in _DOORS)
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_DOORS))
        self.done = False
        self.ok = False
        return f"This is door {self.v}. Say its password.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().strip(".!").lower() == _DOORS[self.v]
        return ("Open." if self.ok else "Barred."), float(self.ok), True, False, {
            "success": self.ok
        }
