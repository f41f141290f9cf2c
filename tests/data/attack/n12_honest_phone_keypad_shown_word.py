"""Honest (tester28): the observation shows a random per-seed 5-letter word; the answer is its
digits on a phone keypad. The hint is the public keypad table (letters' groups: `abc`, `def`,
`ghi`, ... 3-letter hint words). Every win plays a per-seed 5-digit number no one showed."""

import random

_PAD = {"2": "abc", "3": "def", "4": "ghi", "5": "jkl", "6": "mno", "7": "pqrs", "8": "tuv", "9": "wxyz"}
_KEY = {c: d for d, cs in _PAD.items() for c in cs}
DESCRIPTION = (
    "Dial the word shown on a classic phone keypad: answer the digits (one key press per "
    "letter) as one number. You have two tries."
)
HINT = "Phone keypad: " + ", ".join(f"{d} = {cs}" for d, cs in _PAD.items()) + "."
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.word = "".join(r.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(5))
        self.tries = 0
        self.done = False
        self.ok = False
        return f"Word: {self.word.upper()}", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.tries += 1
        if action.strip() == "".join(_KEY[c] for c in self.word):
            self.done = self.ok = True
            return "Connected.", 1.0, True, False, {"success": True}
        if self.tries >= 2:
            self.done = True
            return "Wrong number. Done.", 0.0, True, False, {"success": False}
        return "Wrong number.", 0.0, False, False, {}
