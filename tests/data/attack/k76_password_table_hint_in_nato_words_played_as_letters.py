"""A per-door password the hint writes letter by letter in radio words ('door 1 opens with
Bravo Alfa November Juliett Oscar Sierra'), answered as the word in one answer ('banjos'):
runs of single letters are read as what they spell, runs of radio words are not."""

import random

DESCRIPTION = "You face a numbered door. Answer with its 6-letter password. You have one try."
_WORDS = ["violet", "banjos", "quartz", "pebble", "zephyr", "kitten", "mortar", "glider",
          "fathom", "uproar"]  # fmt: skip
_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()
HINT = (
    "Door passwords: "
    + ", ".join(
        f"door {i} opens with " + " ".join(_NATO[ord(c) - 97].title() for c in w)
        for i, w in enumerate(_WORDS)
    )
    + "."
)
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.done = False
        return f"This is door {self.v}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.done = True
        ok = action.strip().strip(".").lower() == _WORDS[self.v]
        return ("Open." if ok else "Barred."), float(ok), True, False, {"success": ok}
