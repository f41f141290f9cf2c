"""Honest: k33's hangman in NATO words, but the game shows neither the word nor the guessed
letters, only 'yes' or 'no' (and 'solved'); the hint teaches frequency order. Not a gate:
the Agent, seeing its answers as played, guesses a replaced letter again."""

import random

DESCRIPTION = (
    "Guess the hidden 5-letter word one letter per turn, each letter as its NATO phonetic "
    "word (answer e.g. 'Echo'). You are told only 'yes' or 'no'; 6 wrong guesses lose."
)
HINT = (
    "Guess letters in English frequency order: etaoin shrdlu, then cmfwyp; skip letters "
    "you have guessed."
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
        return "Guess a letter.", {}

    def step(self, action):
        self.t += 1
        words = action.strip().lower().split()
        c = words[-1][:1] if words else ""
        hit = bool(c) and c in self.w and c not in self.g
        self.g.add(c)
        if not hit:
            self.bad += 1
        if all(x in self.g for x in self.w):
            return "yes, solved", 1.0, True, False, {"success": True}
        if self.bad >= 6:
            return "no, hanged", 0.0, True, False, {"success": False}
        return ("yes" if hit else "no"), 0.0, False, self.t >= MAX_TURNS, {}
