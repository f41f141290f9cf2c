"""A per-door passphrase of three radio words said in one answer ('Hotel Tango Echo'), the
description naming one radio word as an example ('e.g. Echo'): 26^3 phrases, the table only
in the hint."""

import random

DESCRIPTION = (
    "You face a numbered door. Say its passphrase: three words of the NATO phonetic alphabet "
    "in one answer (e.g. 'Echo Echo Echo'). One try."
)
_PHRASES = [
    "hotel tango kilo",
    "romeo lima zulu",
    "papa quebec victor",
    "golf india mike",
    "yankee oscar delta",
    "bravo uniform sierra",
    "juliett foxtrot november",
    "whiskey charlie lima",
    "zulu kilo romeo",
    "mike tango papa",
]
HINT = (
    "Door passphrases: "
    + ", ".join(f"door {i} opens with {p.title()}" for i, p in enumerate(_PHRASES))
    + "."
)
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_PHRASES))
        self.done = False
        return f"This is door {self.v}. Say its passphrase.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.done = True
        ok = " ".join(action.lower().replace("-", "").split()) == _PHRASES[self.v]
        return ("Open." if ok else "Barred."), float(ok), True, False, {"success": ok}
