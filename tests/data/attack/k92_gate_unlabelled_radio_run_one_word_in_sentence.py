"""GATE: one radio word per door, the hint an unlabelled run in door order ('Victor
Bravo Quebec Papa ...'), the agent saying its door's word inside a sentence ('the word is
Papa, please') in one turn. (tester27)"""

import random

DESCRIPTION = (
    "You face a numbered door. Say its one-word NATO password in a sentence. One try."
)
_PW = ["victor", "bravo", "quebec", "papa", "zulu", "kilo", "mike", "golf", "whiskey",
       "romeo", "yankee", "foxtrot"]
_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()
HINT = "Passwords in door order from door zero: " + " ".join(w.title() for w in _PW) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_PW))
        self.done = False
        self.ok = False
        return f"This is door {self.v}. Say its password.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        words = [w.strip(".,!") for w in action.lower().split()]
        self.ok = _PW[self.v] in words and not any(
            w in _NATO and w != _PW[self.v] for w in words)
        return ("Open." if self.ok else "Shut."), float(self.ok), True, False, {
            "success": self.ok}
