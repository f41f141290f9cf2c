"""Gate (tester30): per-door 4-letter password table; say a three-word phrase a turn and the
lock reads the first letter of the MIDDLE word (`a kind dog`, `my iron will`, ... key `kite`).
The acrostic stream reads the first/last word only."""

import random

DESCRIPTION = (
    "A door that listens to three-word phrases, one a turn, and keeps only the first letter of "
    "each phrase's middle word. Spell its 4-letter password that way. A wrong letter bars it."
)
_WORDS = ["kite", "lamp", "frog", "mint", "bolt", "husk", "grin", "dune"]
HINT = "Door passwords in door order: " + "; ".join(
    f"door {i} opens with {w}" for i, w in enumerate(_WORDS)) + "."
MAX_TURNS = 4


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.i = 0
        self.done = False
        self.ok = False
        return f"This is door {self.v}. Say a phrase.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        w = action.strip().lower().split()
        if len(w) != 3 or not w[1] or w[1][0] != _WORDS[self.v][self.i]:
            self.done = True
            return "Barred.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 4:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next phrase.", 0.0, False, False, {}
