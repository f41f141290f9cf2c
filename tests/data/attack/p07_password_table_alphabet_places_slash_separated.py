"""Gate (tester29): a per-door password table written as alphabet places separated by
slashes (`19/5/19/1/13/5` for sesame); the places reading takes runs split by space, comma or
hyphen, and the slash join reads the run as one number `19519113 5`."""

import random

DESCRIPTION = (
    'A door that opens to one spoken word. A wrong word bars it.'
)
_CODES = ['sesame', 'walrus', 'candle', 'pepper', 'violin', 'nectar', 'quilt', 'jungle']

HINT = (
    "Door passwords as letter places (a=1): "
    + "; ".join(
        f"door {i} opens with " + "/".join(str(ord(ch) - 96) for ch in c)
        for i, c in enumerate(_CODES)
    )
    + "."
)
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"This is door {self.v}. Say the word.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        if action.strip().lower() == _CODES[self.v]:
            self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Locked.", 0.0, True, False, {"success": False}
