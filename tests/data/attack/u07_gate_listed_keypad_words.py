"""Gate: unlabelled list of 8 vault codes written as phone-keypad words (PEEK; CAFE; ...) indexed by the shown vault number; entries are words, so the listed reader (no 2-letter words) skips it. Should be flagged information_gate."""

import random

DESCRIPTION = 'Eight vaults numbered 0 to 7, each with its own 4-digit code. You are told which vault you face. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_FRUITS = ['apple', 'pear', 'plum', 'fig', 'lime', 'kiwi', 'date', 'peach']

def _t(c):
    return " / ".join("|" * int(d) for d in c)
_CODES = ["7335", "2233", "3647", "5867", "9653", "2473", "6684", "3474"]
_WORDS = ["PEEK", "CAFE", "DOGS", "JUMP", "WOLF", "BIRD", "MOTH", "FISH"]
HINT = "Type these words on a phone keypad (abc=2, def=3, ghi=4, jkl=5, mno=6, pqrs=7, tuv=8, wxyz=9), in order from the lowest number up: " + "; ".join(_WORDS) + "."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.v = rng.randrange(8)
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
