"""Gate (tester30): per-door 4-letter password table; the lock reads only the SECOND letter of
each word said, one word a turn (`skip`, `line`, `stop`, `sea` key `kite`). The acrostic stream
reads first and last letters only."""

import random

DESCRIPTION = (
    "A door whose lock listens only to the second letter of each word you say, one word a turn. "
    "Spell its 4-letter password that way. A wrong letter bars the door."
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
        return f"This is door {self.v}. Say a word.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        a = action.strip().lower()
        if len(a) < 2 or a[1] != _WORDS[self.v][self.i]:
            self.done = True
            return "Barred.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 4:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next word.", 0.0, False, False, {}
