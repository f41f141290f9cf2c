"""Honest (tester30): the observation shows a per-seed word; spell it in the NATO phonetic
alphabet, one code word a turn. The hint is the public NATO table. Every win keys the SHOWN word."""

import random

DESCRIPTION = (
    "A radio check. Spell the shown word in the NATO phonetic alphabet, one code word per turn. "
    "A wrong code word ends the check."
)
_N = ("Alfa Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliett Kilo Lima Mike November "
      "Oscar Papa Quebec Romeo Sierra Tango Uniform Victor Whiskey X-ray Yankee Zulu").split()
_POOL = ["kite", "lamp", "frog", "mint", "bolt", "husk", "grin", "dune", "wave", "jazz", "quiz",
         "pony"]
HINT = "The NATO alphabet: " + ", ".join(f"{chr(97 + i)} = {w}" for i, w in enumerate(_N)) + "."
MAX_TURNS = 4


class Env:
    def reset(self, seed=None, options=None):
        self.word = random.Random(seed).choice(_POOL)
        self.i = 0
        self.done = False
        self.ok = False
        return f"Spell: {self.word.upper()}", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        if action.strip().lower() != _N[ord(self.word[self.i]) - 97].lower():
            self.done = True
            return "Wrong.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == len(self.word):
            self.done = self.ok = True
            return "Copied.", 1.0, True, False, {"success": True}
        return "Next.", 0.0, False, False, {}
