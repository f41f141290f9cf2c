"""Robustness (tester32): the scripted policy's action holds lone surrogates (\\ud800, \\udfff)
and a NUL around the digit, and the unhinted one answers 2 MB of text; the environment echoes
the action back in its observation. Scoring must count a failed turn or name a rejection,
never raise."""

import random

DESCRIPTION = "Guess the secret digit 0-9. Three tries; each reply echoes your guess."
HINT = "The secret is the vault number shown, modulo 10."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        self.d = random.Random(seed).randrange(10)
        self.done = False
        self.t = 0
        return f"This is vault {self.d}. Guess the secret digit.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.t += 1
        ok = action[:50].replace("\ud800", "").replace("\udfff", "").replace("\x00", "").strip() == str(self.d)
        self.done = ok or self.t >= 3
        return (f"You said {action[:40]!r}. " + ("Right." if ok else "Wrong.")), float(ok), self.done, False, {"success": ok}
