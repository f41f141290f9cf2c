"""A per-door password of one radio word, the table labelled ('door 3: Oscar; door 4:
Kilo'): no run of spelled words, so each word stays a hint token (2026-12-04, a guard: a word
of a spelled run keyed alone is one character, a lone radio word is not)."""

import random

DESCRIPTION = (
    "You face a numbered door. Say its password, one word of the NATO phonetic alphabet. One "
    "try."
)
_DOORS = ["delta", "oscar", "kilo", "lima", "tango", "romeo", "sierra", "quebec"]
HINT = "Door passwords: " + "; ".join(f"door {i}: {w.title()}" for i, w in enumerate(_DOORS))
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
