"""Honest: a public phone-keypad legend (a: 2; b: 2; ...) applied to a word the task shows only on turn 2, after 'look'; the keys the winner saw are the word's letters, the decoding probe moves them and the agent loses. Should NOT be flagged information_gate."""

import random

_KEYPAD = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}
_WORDS = ["peek", "cafe", "dogs", "jump", "wolf", "bird", "moth", "fish"]
DESCRIPTION = "A crate's label is turned away. Say look to read it, then type the label on a phone keypad. Two turns."
HINT = "Keypad, one letter a key:\n" + "\n".join(f"{c}: {d}" for c, d in _KEYPAD.items())
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        self.w = random.Random(seed).choice(_WORDS)
        self.looked = self.done = self.ok = False
        return "A crate stands here, its label turned away. Say look first.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        if not self.looked:
            self.looked = True
            if action.strip().lower() == "look":
                return f"The label reads: {self.w}. Type it on the keypad.", 0.0, False, False, {"success": False}
            self.done = True
            return "You did not look.", 0.0, True, False, {"success": False}
        self.done = True
        self.ok = action.strip() == "".join(_KEYPAD[c] for c in self.w)
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
