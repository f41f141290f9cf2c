"""Gate (tester26): k81 (a per-door password of one NATO word, listed in door order in an
unlabelled run) where the Agent says the word inside a sentence ('The password is Tango.' or a
longer one); the lock hears the sentence's NATO word."""

import random

DESCRIPTION = (
    "You face a numbered door. Say its password, one word of the NATO phonetic alphabet, in "
    "any sentence. One try."
)
_DOORS = ["delta", "oscar", "kilo", "lima", "tango", "romeo", "sierra", "quebec"]
_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()
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
        said = [w.strip(".!,'\"") for w in action.lower().split()]
        self.ok = [w for w in said if w in _NATO] == [_DOORS[self.v]]
        return ("Open." if self.ok else "Barred."), float(self.ok), True, False, {
            "success": self.ok
        }
