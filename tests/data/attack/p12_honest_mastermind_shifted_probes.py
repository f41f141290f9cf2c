"""Honest (tester29): Mastermind over digits 1-6, 4 places, 7 guesses, black/white feedback.
The hint is a method: open with 1122, then raise every digit by two for the second and third
probes, then play any code consistent with all feedback. The probes `3344` and `5566` are
never written: they are the hint's `1122` digit-shifted (a hint reading), played unseen by
every hinted win."""

import random
from collections import Counter

DESCRIPTION = (
    "Mastermind: guess a hidden 4-digit code of digits 1-6 (repeats allowed) in 7 tries. After "
    "each guess you learn how many digits are right and in place (black) and right but "
    "misplaced (white)."
)
HINT = (
    "Open with 1122; for your second and third guesses raise every digit of the previous guess "
    "by two. After that, always play a code consistent with all the feedback so far."
)
MAX_TURNS = 7


def feedback(secret, guess):
    b = sum(s == g for s, g in zip(secret, guess))
    w = sum((Counter(secret) & Counter(guess)).values()) - b
    return b, w


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.code = "".join(r.choice("123456") for _ in range(4))
        self.n = 0
        self.done = False
        self.ok = False
        return "Guess the code (4 digits, 1-6).", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.n += 1
        g = action.strip()
        if g == self.code:
            self.done = self.ok = True
            return "Solved.", 1.0, True, False, {"success": True}
        if len(g) != 4 or any(c not in "123456" for c in g):
            fb = "invalid guess"
        else:
            b, w = feedback(self.code, g)
            fb = f"{g}: {b} black, {w} white"
        if self.n >= MAX_TURNS:
            self.done = True
            return fb + ". Out of guesses.", 0.0, True, False, {"success": False}
        return fb + ". Guess again.", 0.0, False, False, {}
