"""Honest: Mastermind over digits 1-6, each guess said as four number words ('one two three
four'); per place 'Y' or 'N'. The hint teaches a method (open with one two three four, keep
each Y, raise each N by one), written in words as the game's moves are. Not a gate."""

import random
import re

DESCRIPTION = (
    "Crack a 4-digit code of digits 1-6. Say each guess as four number words from one to "
    "six, e.g. 'six five six five'; you see, per place, 'Y' (right) or 'N'. You have 6 "
    "guesses."
)
HINT = (
    "Open with one two three four. After each guess keep every Y digit and raise every N "
    "digit by one (six wraps to one)."
)
MAX_TURNS = 6
_WORDS = "- one two three four five six".split()


class Env:
    def reset(self, seed=None, options=None):
        self.t = 0
        self.code = "".join(random.Random(seed).choice("123456") for _ in range(4))
        return "Say your first guess.", {}

    def step(self, action):
        self.t += 1
        words = re.findall(r"[a-z]+", action.lower())
        if len(words) != 4 or any(w not in _WORDS[1:] for w in words):
            fb = "invalid: say four number words from one to six"
        else:
            g = "".join(str(_WORDS.index(w)) for w in words)
            if g == self.code:
                return "YYYY correct", 1.0, True, False, {"success": True}
            fb = "".join("Y" if a == b else "N" for a, b in zip(g, self.code, strict=True))
        if self.t >= MAX_TURNS:
            return fb + " out of guesses", 0.0, True, False, {"success": False}
        return fb, 0.0, False, False, {}
