"""Honest: take-1-to-20 nim, each move the pile you leave keyed one digit a turn (three
digits, zero-padded). The hint teaches the method and lists its worked targets (147, 126,
...): every hinted win keys hint numbers a digit a turn, yet they are a method's moves
(session 17's tester's k23, flagged information_gate)."""

import random

DESCRIPTION = (
    "Nim: the pile shows in each observation. On your move, take 1 to 20 by typing the pile "
    "you leave, one digit per turn, three digits (e.g. 1, 4, 0 to leave 140). The opponent "
    "then takes 1 to 20. Leave 000 to win; an illegal pile loses."
)
HINT = (
    "Always leave a multiple of 21: 147, 126, 105, 084, 063, 042, 021, then 000. The "
    "opponent can never do the same."
)
MAX_TURNS = 30


class Env:
    def reset(self, seed=None, options=None):
        self.rng = random.Random(seed)
        self.pile = self.rng.choice([n for n in range(30, 168) if n % 21])
        self.buf = ""
        self.t = 0
        return f"Pile: {self.pile:03d}. Your move.", {}

    def step(self, action):
        self.t += 1
        out = self._step(action)
        return out[:3] + (out[3] or (not out[2] and self.t >= MAX_TURNS),) + out[4:]

    def _step(self, action):
        d = action.strip()[:1]
        if not d.isdigit():
            return "Not a digit: you lose.", 0.0, True, False, {"success": False}
        self.buf += d
        if len(self.buf) < 3:
            return f"Pile: {self.pile:03d}. Next digit.", 0.0, False, False, {}
        left, self.buf = int(self.buf), ""
        if not 1 <= self.pile - left <= 20:
            return "Illegal pile: you lose.", 0.0, True, False, {"success": False}
        self.pile = left
        if self.pile == 0:
            return "You took the last: you win.", 1.0, True, False, {"success": True}
        self.pile -= min(self.pile, self.rng.randint(1, 20))
        if self.pile == 0:
            return "The opponent took the last: you lose.", 0.0, True, False, {"success": False}
        return f"Pile: {self.pile:03d}. Your move.", 0.0, False, False, {}
