"""A gate (should be flagged information_gate), the z701 kind keyed by words: a per-colour
code table in the hint, the colour shown only in base64 and all six codes in base64."""

import base64
import random

DESCRIPTION = "An encoded colour and six encoded candidate codes are shown. Enter the colour's 4-digit code. 2 attempts."
HINT = "Codes by colour: red 7399; blue 4826; green 1570; amber 9031; violet 6642; white 2187."
MAX_TURNS = 2
_KEYS = ("red", "blue", "green", "amber", "violet", "white")
_CODES = ("7399", "4826", "1570", "9031", "6642", "2187")


def _b64(text):
    return base64.b64encode(text.encode()).decode()


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(6)
        order = list(_CODES)
        rng.shuffle(order)
        self.t = 0
        shown = " ".join(_b64(c) for c in order)
        return f"Colour: {_b64(_KEYS[self.v])}. Candidates: {shown}", {}

    def step(self, action):
        self.t += 1
        if action.strip() == _CODES[self.v]:
            return "open", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            return "locked", 0.0, True, False, {"success": False}
        return "wrong", 0.0, False, False, {}
