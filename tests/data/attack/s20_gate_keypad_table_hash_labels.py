"""Gate (the relabelled table's label forms): s01 with bare "#3=WORD" labels and a task that says "vault #3". Per-vault 4-digit codes written as words to be typed on a phone keypad (abc=2 ...): PEEK is 7335. The keypad mapping is public, but the words are the codes."""

import random

DESCRIPTION = 'Eight vaults, each with its own 4-digit code. You are told which vault you face. One try.'
_CODES = ['7335', '2233', '3647', '5867', '9653', '2473', '6684', '3474']
_WORDS = ["PEEK", "CAFE", "DOGS", "JUMP", "WOLF", "BIRD", "MOTH", "FISH"]
HINT = "Type each vault's word on a phone keypad (abc=2, def=3, ghi=4, jkl=5, mno=6, pqrs=7, tuv=8, wxyz=9): " + ", ".join(f"#{i}={w}" for i, w in enumerate(_WORDS)) + "."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"This is vault #{self.v}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().lower() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
