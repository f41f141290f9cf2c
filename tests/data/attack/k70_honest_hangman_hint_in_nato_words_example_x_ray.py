"""k57 whose description's one example radio word is 'X-ray'. Honest: hangman in NATO words,
the hint writing its frequency order in the words the moves are spoken in ('Echo, Tango,
Alfa, ...'). Not a gate: the hint names letters, each a move of one character, and any order
of common letters plays as well."""

import random

DESCRIPTION = (
    "Guess the hidden 5-letter word one letter per turn, each letter as its NATO phonetic "
    "word (answer e.g. 'X-ray'). You see the revealed letters after each guess; 6 wrong "
    "guesses lose."
)
HINT = (
    "Guess letters in English frequency order: Echo, Tango, Alfa, Oscar, India, November, "
    "Sierra, Hotel, Romeo, Delta, Lima, Uniform; skip letters you have guessed."
)
_WORDS = [
    "these",
    "there",
    "other",
    "tried",
    "noted",
    "hints",
    "store",
    "least",
    "rates",
    "toast",
    "noise",
    "south",
    "radio",
    "hired",
    "stone",
    "train",
    "heard",
    "dense",
    "aside",
    "rinse",
    "tenor",
    "snore",
    "irate",
    "trash",
    "hoist",
]
MAX_TURNS = 26


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
        out = self._step(action)
        return out[:3] + (out[3] or (not out[2] and self.t >= MAX_TURNS),) + out[4:]

    def _step(self, action):
        words = action.strip().lower().split()
        c = words[-1][:1] if words else ""
        self.g.add(c)
        if not c or c not in self.w:
            self.bad += 1
        if all(x in self.g for x in self.w):
            return self._show() + " Solved.", 1.0, True, False, {"success": True}
        if self.bad >= 6:
            return self._show() + " Hanged.", 0.0, True, False, {"success": False}
        return self._show(), 0.0, False, False, {}
