"""Gate (tester28): a per-door 3-letter password table whose hint writes every password as
letter positions in the alphabet (`19 5 19` for `ses`, A=1), saying so. The played word is no
hint token (the hint holds 2-digit numbers and runs of them), and no win plays the same one."""

import random

DESCRIPTION = (
    "A door with a word lock. Say its 3-letter password in lowercase. A wrong word bars the door."
)
_WORDS = ["ses", "qtz", "vio", "peb", "zeh", "kit", "mor", "gld"]
HINT = "Door passwords as letter positions in the alphabet (A=1, B=2, ...): " + "; ".join(
    f"door {i} opens with " + " ".join(str(ord(c) - 96) for c in w) for i, w in enumerate(_WORDS)
) + "."
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.done = False
        self.ok = False
        return f"This is door {self.v}. Say the password.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        if action.strip().lower() == _WORDS[self.v]:
            self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Barred.", 0.0, True, False, {"success": False}
