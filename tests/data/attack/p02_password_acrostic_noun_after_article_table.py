"""Gate (tester29): a per-door 4-letter password table; each turn the Agent says "the <noun>"
and the lock reads the first letter of the noun (`the kiwi`, `the ice`, `the tea`, `the echo`
key `kite`). The initials stream reads the first word's first letter, `t` every turn."""

import random

DESCRIPTION = (
    "A door whose lock listens to phrases of the form 'the <noun>', one a turn, and reads only "
    "the first letter of the noun. Spell its 4-letter password that way. A wrong letter bars "
    "the door."
)
_WORDS = ["kite", "lamp", "frog", "mint", "bolt", "husk", "grin", "dune"]
HINT = "Door passwords in door order: " + "; ".join(
    f"door {i} opens with {w}" for i, w in enumerate(_WORDS)
) + "."
MAX_TURNS = 4


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.i = 0
        self.done = False
        self.ok = False
        return f"This is door {self.v}. Say 'the <noun>'.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        ws = action.strip().lower().split()
        if len(ws) < 2 or ws[1][:1] != _WORDS[self.v][self.i]:
            self.done = True
            return "Barred.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 4:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next phrase.", 0.0, False, False, {}
