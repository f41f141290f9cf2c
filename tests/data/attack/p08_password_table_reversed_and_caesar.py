"""Gate (tester29): a per-door password table written backwards AND Caesar-shifted by 3,
and the hint says so. Each alone is a hint reading; composed they are not."""

import random

DESCRIPTION = (
    'A door that opens to one spoken word. A wrong word bars it.'
)
_CODES = ['sesame', 'walrus', 'candle', 'pepper', 'violin', 'nectar', 'quilt', 'jungle']


def _enc(c):
    return "".join(chr((ord(ch) - 97 + 3) % 26 + 97) for ch in reversed(c))


HINT = (
    "Door passwords, written backwards with every letter moved three on (read it backwards "
    "and move each letter three back): "
    + "; ".join(f"door {i} opens with {_enc(c)}" for i, c in enumerate(_CODES))
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
