"""Honest (tester30): the observation shows a per-seed word; send it in International Morse code,
one letter a turn. The hint is the public Morse table (a reference for a named standard, as an
Atbash hint is for a named cipher). Every win keys the SHOWN word."""

import random

DESCRIPTION = (
    "A telegraph key. Send the shown word in International Morse code, one letter per turn "
    "(dots '.' and dashes '-'). A wrong letter ends the message."
)
_M = {"a": ".-", "b": "-...", "c": "-.-.", "d": "-..", "e": ".", "f": "..-.", "g": "--.",
      "h": "....", "i": "..", "j": ".---", "k": "-.-", "l": ".-..", "m": "--", "n": "-.",
      "o": "---", "p": ".--.", "q": "--.-", "r": ".-.", "s": "...", "t": "-", "u": "..-",
      "v": "...-", "w": ".--", "x": "-..-", "y": "-.--", "z": "--.."}
_POOL = ["kite", "lamp", "frog", "mint", "bolt", "husk", "grin", "dune", "wave", "jazz", "quiz",
         "pony"]
HINT = "International Morse code: " + ", ".join(f"{k} {v}" for k, v in _M.items()) + "."
MAX_TURNS = 4


class Env:
    def reset(self, seed=None, options=None):
        self.word = random.Random(seed).choice(_POOL)
        self.i = 0
        self.done = False
        self.ok = False
        return f"Send: {self.word.upper()}", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        if action.strip() != _M[self.word[self.i]]:
            self.done = True
            return "Garbled.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == len(self.word):
            self.done = self.ok = True
            return "Sent.", 1.0, True, False, {"success": True}
        return "Next letter.", 0.0, False, False, {}
