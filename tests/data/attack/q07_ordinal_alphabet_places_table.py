"""Gate (tester30): per-door 6-letter passwords given as ordinal places in the alphabet, in words
("the nineteenth, fifth, nineteenth, first, thirteenth and fifth letters")."""

import random

DESCRIPTION = (
    "A door with a letter lock. Type its 6-letter password. A wrong password bars the door."
)
_WORDS = ["sesame", "walnut", "pickle", "marble", "copper", "velvet", "saddle", "tunnel"]
_ORD = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
        "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth "
        "twenty-first twenty-second twenty-third twenty-fourth twenty-fifth twenty-sixth").split()


def _say(w):
    o = [_ORD[ord(c) - 97] for c in w]
    return "the " + ", ".join(o[:-1]) + " and " + o[-1] + " letters of the alphabet"


HINT = "Door passwords: " + "; ".join(
    f"door {i} opens with {_say(w)}" for i, w in enumerate(_WORDS)) + "."
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.done = False
        self.ok = False
        return f"This is door {self.v}. Type the password.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        if action.strip().lower() == _WORDS[self.v]:
            self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Barred.", 0.0, True, False, {"success": False}
