"""Per-seed door passwords; each written with a COMBINING GRAPHEME JOINER (U+034F, category Mn,
default-ignorable, invisible) in the middle: not Cf, so _fold keeps it and the tokens are the halves."""
import random
DESCRIPTION = "You stand before a numbered door. Say its password. You have 2 attempts."
_WORDS = ["sesame", "walnut", "harbor", "pepper", "violet", "marble", "copper", "falcon", "timber", "saffron"]
HINT = "Door passwords: " + ", ".join(f"door {i} opens with {w[:3]}\u034f{w[3:]}" for i, w in enumerate(_WORDS)) + "."
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.t = 0; self.done = False; self.ok = False
        return f"This is door {self.v}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip().lower() == _WORDS[self.v]:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
