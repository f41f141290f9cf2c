"""Honest: send three shown digits in Morse; the hint is the public Morse table of the digits as an unlabelled list from 0 ('-----; .----; ...'); the listed reader (which has no one-key probe) rotates it although every shown digit is decoded through it. Should NOT be flagged information_gate."""

import random

DESCRIPTION = "Send the three digits you are shown in Morse code, separated by spaces. One try."
_MORSE = ["-----", ".----", "..---", "...--", "....-", ".....", "-....", "--...", "---..", "----."]
HINT = "Morse code of the digits, from 0 to 9 in order: " + "; ".join(_MORSE) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.d = [rng.randrange(10) for _ in range(3)]
        self.done = False
        self.ok = False
        return "Digits: " + " ".join(map(str, self.d)) + ".", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.split() == [_MORSE[x] for x in self.d]
        return ("Sent." if self.ok else "Garbled."), float(self.ok), True, False, {"success": self.ok}
