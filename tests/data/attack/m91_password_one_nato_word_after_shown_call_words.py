"""Gate (tester26): k81 (a per-door password of one NATO word, the hint listing them in door
order) behind three call words the lock shows each episode (drawn from the same eight NATO
words) and the Agent repeats a word a turn first. Every win then keys 4 words of the hint's
spelled run a piece a turn, so every word of the run, the password included, counts as one
character, and the keyed letters (call words, then the password) are no hint token."""

import random

DESCRIPTION = (
    "You face a numbered door with a radio lock. Repeat the three call words it shows, one "
    "per turn, then say the door's password: one word of the NATO phonetic alphabet."
)
_DOORS = ["delta", "oscar", "kilo", "lima", "tango", "romeo", "sierra", "quebec"]
HINT = "The passwords of doors 0 to 7 in order: " + ", ".join(w.title() for w in _DOORS)
MAX_TURNS = 4


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.v = r.randrange(len(_DOORS))
        self.calls = r.sample([w for w in _DOORS if w != _DOORS[self.v]], 3)
        self.i = 0
        self.done = False
        self.ok = False
        shown = ", ".join(w.title() for w in self.calls)
        return f"This is door {self.v}. Call words: {shown}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        said = action.strip().strip(".!").lower()
        if self.i < 3:
            if said != self.calls[self.i]:
                self.done = True
                return "Wrong call word.", 0.0, True, False, {"success": False}
            self.i += 1
            return ("Password?" if self.i == 3 else "Next call word."), 0.0, False, False, {}
        self.done = True
        self.ok = said == _DOORS[self.v]
        return ("Open." if self.ok else "Barred."), float(self.ok), True, False, {
            "success": self.ok
        }
