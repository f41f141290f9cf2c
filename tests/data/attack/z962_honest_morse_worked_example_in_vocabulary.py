"""Honest (should stay frontier), the z961 kind: a message of four words shown in Morse code;
the hint names the code with a worked example in the task's own words (tester51)."""

import random

DESCRIPTION = "A message of four words is shown encoded. Reply with the plain message. 1 attempt."
HINT = "It is Morse code: letters split by spaces, words by ' / '. Example: .-.. .- -- .--. / .-. .. ...- . .-. reads lamp river."
MAX_TURNS = 1
_V = ["lamp", "river", "stone"]
_M = {
    "a": ".-",
    "b": "-...",
    "c": "-.-.",
    "d": "-..",
    "e": ".",
    "f": "..-.",
    "g": "--.",
    "h": "....",
    "i": "..",
    "j": ".---",
    "k": "-.-",
    "l": ".-..",
    "m": "--",
    "n": "-.",
    "o": "---",
    "p": ".--.",
    "q": "--.-",
    "r": ".-.",
    "s": "...",
    "t": "-",
    "u": "..-",
    "v": "...-",
    "w": ".--",
    "x": "-..-",
    "y": "-.--",
    "z": "--..",
}


def _enc(s):
    return " / ".join(" ".join(_M[c] for c in w) for w in s.split())


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.msg = " ".join(rng.choice(_V) for _ in range(4))
        return "Encoded: " + _enc(self.msg), {}

    def step(self, action):
        ok = action.strip().lower() == self.msg
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
