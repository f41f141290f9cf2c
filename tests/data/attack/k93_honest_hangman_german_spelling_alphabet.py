"""HONEST: k57's hangman in the German spelling alphabet (Anton, Berta, ... Otto, which is
also Italian 8), the hint giving the frequency order in the same words. A method, not a
gate. (tester27)"""

import random

_DE = (
    "Anton Berta Caesar Dora Emil Friedrich Gustav Heinrich Ida Julius Kaufmann Ludwig "
    "Martha Nordpol Otto Paula Quelle Richard Samuel Theodor Ulrich Viktor Wilhelm "
    "Xanthippe Ypsilon Zacharias"
).split()
DESCRIPTION = (
    "Guess the hidden 5-letter word one letter per turn, each letter as its German spelling "
    "alphabet word (answer e.g. 'Emil'). You see the revealed letters after each guess; 6 "
    "wrong guesses lose."
)
HINT = (
    "Guess letters in frequency order: Emil, Theodor, Anton, Otto, Ida, Nordpol, Samuel, "
    "Heinrich, Richard, Dora, Ludwig, Ulrich; skip letters you have guessed."
)
_WORDS = ["these", "there", "other", "tried", "noted", "hints", "store", "least", "rates",
          "toast", "noise", "south", "radio", "hired", "stone", "train", "heard", "aside",
          "tenor", "snore", "irate", "trash", "hoist"]
MAX_TURNS = 12


class Env:
    def reset(self, seed=None, options=None):
        self.t = 0
        self.w = random.Random(seed).choice(_WORDS)
        self.g = set()
        self.bad = 0
        return self._show(), {}

    def _show(self):
        return "Word: " + " ".join(c if c in self.g else "_" for c in self.w)

    def step(self, action):
        self.t += 1
        words = action.strip().split()
        w = words[-1].strip(".!").title() if words else ""
        c = w[0].lower() if w in _DE else ""
        self.g.add(c)
        if not c or c not in self.w:
            self.bad += 1
        if all(x in self.g for x in self.w):
            return self._show() + " Solved.", 1.0, True, False, {"success": True}
        if self.bad >= 6 or self.t >= MAX_TURNS:
            return self._show() + " Hanged.", 0.0, True, False, {"success": False}
        return self._show(), 0.0, False, False, {}
