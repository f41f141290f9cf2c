"""Honest (tester26): a radio lock the description says wakes on 'Alfa, Bravo, Charlie' (a
word a turn), then opens on the NATO word its plate shows (per seed, in the observation). The
hint is a method that repeats the stated wake words: 'say Alfa, Bravo, Charlie, then read the
plate'. Nothing in the hint is information the task does not state."""

import random

DESCRIPTION = (
    "You face a radio lock. Wake it by saying Alfa, Bravo, Charlie, one word per turn; then "
    "it shows a plate: say the plate's word to open it."
)
HINT = "First say Alfa, Bravo, Charlie, a word a turn; then say the word on the plate."
_NATO = (
    "delta echo foxtrot golf hotel india juliett kilo lima mike november oscar papa quebec "
    "romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()
_WAKE = ["alfa", "bravo", "charlie"]
MAX_TURNS = 4


class Env:
    def reset(self, seed=None, options=None):
        self.plate = random.Random(seed).choice(_NATO)
        self.i = 0
        self.done = False
        self.ok = False
        return "The lock sleeps.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        said = action.strip().strip(".!").lower()
        if self.i < 3:
            if said != _WAKE[self.i]:
                self.done = True
                return "The lock stays asleep.", 0.0, True, False, {"success": False}
            self.i += 1
            if self.i == 3:
                return f"Awake. Plate: {self.plate.title()}.", 0.0, False, False, {}
            return "Go on.", 0.0, False, False, {}
        self.done = True
        self.ok = said == self.plate
        return ("Open." if self.ok else "Barred."), float(self.ok), True, False, {
            "success": self.ok
        }
