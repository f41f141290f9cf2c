"""k2's kind with letters and digits: a 4-character mixed code keyed a character a turn."""

import random
import re

DESCRIPTION = "You face a numbered vault. Key its 4-character code (letters and digits) one character per turn. A wrong character locks the vault."
_CODES = ["a7k3", "b9x2", "q4m8", "z1c6", "r5t0", "h2w7", "p8j4", "d3n9", "f6v1", "s0g5"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 4


def _want(code, t):
    return code[t]


def _read(a, t):
    return a.strip().lower()


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Key the first part.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        want = _want(_CODES[self.v], self.t)
        self.t += 1
        if _read(action, self.t - 1) != want:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        if self.t == MAX_TURNS:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next.", 0.0, False, False, {}
