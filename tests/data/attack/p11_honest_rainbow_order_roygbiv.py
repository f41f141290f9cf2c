"""Honest (tester29): a lamp shows a per-seed colour; name the next four colours of the rainbow
after it, a colour a turn, wrapping violet -> red. The hint states general knowledge (the
order, with its mnemonic ROYGBIV); the colours are the description's. Every win's colour
initials key four letters of `roygbiv` (cyclically), a hint word, in the new initials stream."""

import random

_ORDER = ["red", "orange", "yellow", "green", "blue", "indigo", "violet"]
DESCRIPTION = (
    "A rainbow lamp shows one colour. Name the next four colours after it in the rainbow, one "
    "colour a turn (after the last colour comes the first again). The colours are blue, green, "
    "indigo, orange, red, violet and yellow. A wrong colour ends the game."
)
HINT = (
    "Rainbow order is ROYGBIV: red, orange, yellow, green, blue, indigo, violet; after violet "
    "comes red again. Name the colours that follow the shown one in that order."
)
MAX_TURNS = 4


class Env:
    def reset(self, seed=None, options=None):
        self.s = random.Random(seed).randrange(7)
        self.i = 0
        self.done = False
        self.ok = False
        return f"The lamp shows {_ORDER[self.s]}. Name the next colour.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        want = _ORDER[(self.s + 1 + self.i) % 7]
        if action.strip().lower() != want:
            self.done = True
            return "Wrong colour.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 4:
            self.done = self.ok = True
            return "The lamp glows.", 1.0, True, False, {"success": True}
        return f"Yes, {want}. Next colour.", 0.0, False, False, {}
