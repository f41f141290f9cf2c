"""Honest (tester28): the observation shows a random per-seed 4-letter call sign; the answer is
that sign sent in Morse, letters separated by spaces. The hint is the public Morse table (a
method: the same table for every seed). Every win plays Morse runs (symbol-only words) that
only the hint shows; a public code table should not read as a table of secret codes."""

import random

_M = {
    "a": ".-", "b": "-...", "c": "-.-.", "d": "-..", "e": ".", "f": "..-.", "g": "--.",
    "h": "....", "i": "..", "j": ".---", "k": "-.-", "l": ".-..", "m": "--", "n": "-.",
    "o": "---", "p": ".--.", "q": "--.-", "r": ".-.", "s": "...", "t": "-", "u": "..-",
    "v": "...-", "w": ".--", "x": "-..-", "y": "-.--", "z": "--..",
}
DESCRIPTION = (
    "A telegraph office. Each day shows a 4-letter call sign; transmit it in International "
    "Morse code, one answer, letters separated by single spaces. You have three tries."
)
HINT = "International Morse code: " + ", ".join(f"{k.upper()} {v}" for k, v in _M.items()) + "."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.sign = "".join(r.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(4))
        self.tries = 0
        self.done = False
        self.ok = False
        return f"Call sign today: {self.sign.upper()}. Transmit it.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.tries += 1
        want = " ".join(_M[c] for c in self.sign)
        if " ".join(action.split()) == want:
            self.done = self.ok = True
            return "Received.", 1.0, True, False, {"success": True}
        if self.tries >= 3:
            self.done = True
            return "Garbled. Office closed.", 0.0, True, False, {"success": False}
        return "Garbled. Again.", 0.0, False, False, {}
