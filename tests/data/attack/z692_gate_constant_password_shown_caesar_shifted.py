"""A gate (should be flagged information_gate): a constant password the hint gives, which the
observation also shows Caesar-shifted by a per-seed amount among decoy words, so the win's
word is a reading of shown text. The constant route must still flag it."""

import random

DESCRIPTION = "A door asks for its password. Say it. 2 attempts."
HINT = "The password is meadow."
MAX_TURNS = 2
_NOISE = ("qwerty", "plover", "brandy", "zither", "goblet")


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        k = rng.randrange(1, 26)
        words = [_shift(w, k) for w in (*_NOISE, "meadow")]
        rng.shuffle(words)
        self.t = 0
        return f"The door hums: {' '.join(words)}", {}

    def step(self, action):
        self.t += 1
        if action.strip().lower() == "meadow":
            return "open", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            return "locked", 0.0, True, False, {"success": False}
        return "wrong", 0.0, False, False, {}
