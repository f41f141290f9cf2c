"""Honest (tester26): hangman over German words, each guess one word of the German spelling
alphabet ('Emil' for e); the hint gives German letter frequency order in the same words
('Emil, Nordpol, Ida, Samuel, ...'). A method: any order of common letters plays as well."""

import random

DESCRIPTION = (
    "Guess the hidden 5-letter German word one letter per turn, each letter as its word of "
    "the German spelling alphabet (Anton, Berta, Cäsar, ...; answer e.g. 'Ludwig'). You see "
    "the revealed letters after each guess; 7 wrong guesses lose."
)
HINT = (
    "Guess letters in German frequency order: Emil, Nordpol, Ida, Samuel, Richard, Anton, "
    "Theodor, Dora, Heinrich, Ulrich, Ludwig; skip letters already guessed."
)
_WORDS = [
    "stein", "rinde", "laden", "nadel", "hirte", "leder", "rasen", "insel", "taler", "linde",
    "reise", "eisen", "ernte", "stern", "sehne", "tiere", "heide", "seide", "ruder", "erden",
]  # fmt: skip
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
        words = action.strip().lower().split()
        c = words[-1][:1] if words else ""
        c = {"ä": "a"}.get(c, c)
        if c not in self.g and c not in self.w:
            self.bad += 1
        self.g.add(c)
        if all(x in self.g for x in self.w):
            return self._show() + " Solved.", 1.0, True, False, {"success": True}
        if self.bad >= 7:
            return self._show() + " Hanged.", 0.0, True, False, {"success": False}
        return self._show(), 0.0, False, self.t >= MAX_TURNS, {}
