"""Gate: the vault takes the shown per-seed word typed with a secret capitalisation pattern (capitals at letters 2, 3 and 6 only); the censor folds case, so the pattern is no token. Should be flagged information_gate."""

import random

DESCRIPTION = "The vault shows a password word. Type the password to open it. One try."
HINT = "The vault only accepts the word with its second, third and sixth letters in capitals and every other letter in lower case."
MAX_TURNS = 1
_WORDS = ["lantern", "harbour", "compass", "meadow", "thunder", "blanket", "cobbler", "granite", "pilgrim", "saddle", "whistle", "quarrel"]


def _mask(w):
    return "".join(c.upper() if i in (1, 2, 5) else c.lower() for i, c in enumerate(w))


class Env:
    def reset(self, seed=None, options=None):
        self.w = random.Random(seed).choice(_WORDS)
        self.done = self.ok = False
        return f"The password word is {self.w}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _mask(self.w)
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
