"""Honest (tester26): nine boxes, a key in one (by seed); opening a box lower than one already
opened springs a trap, and so does a box nailed shut (2 of them, by seed, shown as digits).
Moves are number words ('three'). The hint lists the order in number words ('one, two, three,
..., nine'): a method every win follows a prefix of (wins whose key is in box 2 play 'two' and
stop, a word the description does not state)."""

import random

DESCRIPTION = (
    "Nine boxes stand in a row, numbered one to nine; a key is in one of them. Each turn open "
    "a box by saying its number as a word. Opening a box with a lower number than a box you "
    "already opened springs a trap, and so does opening a box nailed shut."
)
HINT = (
    "Open them in this order, skipping nailed boxes: one, two, three, four, five, six, "
    "seven, eight, nine."
)
_NUM = "zero one two three four five six seven eight nine".split()
MAX_TURNS = 9


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.key = r.randint(1, 9)
        self.nailed = sorted(r.sample([b for b in range(1, 10) if b != self.key], 2))
        self.top = 0
        self.t = 0
        return f"Nailed shut: {self.nailed[0]} and {self.nailed[1]}. Which box?", {}

    def step(self, action):
        self.t += 1
        word = action.strip().strip(".!").lower()
        b = _NUM.index(word) if word in _NUM else 0
        if b == 0 or b < self.top or b in self.nailed:
            return "Trap!", 0.0, True, False, {"success": False}
        self.top = b
        if b == self.key:
            return "The key!", 1.0, True, False, {"success": True}
        return "Empty.", 0.0, False, self.t >= MAX_TURNS, {}
