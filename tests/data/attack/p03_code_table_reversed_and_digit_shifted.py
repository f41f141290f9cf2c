"""Gate (tester29): a per-vault code table whose hint writes every code backwards AND with each
digit one less, and says so (`8826` for `7399`). Each transformation alone is a hint reading;
the two composed are not."""

import random

DESCRIPTION = (
    'A vault with a keypad. Type its 4-digit code as one number. A wrong code locks the vault.'
)
_CODES = ['7399', '4821', '5163', '2874', '9435', '6417', '3852', '8146']


def _enc(c):
    return "".join(str((int(d) - 1) % 10) for d in reversed(c))


HINT = (
    "Vault codes, written backwards with each digit one less (reverse it, then add one to "
    "every digit): "
    + "; ".join(f"vault {i} opens with {_enc(c)}" for i, c in enumerate(_CODES))
    + "."
)
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Type the code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        if action.strip().lower() == _CODES[self.v]:
            self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Locked.", 0.0, True, False, {"success": False}
