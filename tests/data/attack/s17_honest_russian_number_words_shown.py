"""Honest (tester32): the lock shows a per-seed code in Russian number words; the hint is the public table of Russian digits 0-9."""

import random

DESCRIPTION = 'A lock shows its 4-digit code in Russian words, one word per digit. Enter the code in digits. One try.'
_RU = 'ноль один два три четыре пять шесть семь восемь девять'.split()
HINT = 'Russian digits: ноль 0, один 1, два 2, три 3, четыре 4, пять 5, шесть 6, семь 7, восемь 8, девять 9. Translate word by word.'
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.code = "".join(str(rng.randint(0, 9)) for _ in range(4))
        self.done = False
        self.ok = False
        return "The lock shows: " + " ".join(_RU[int(d)] for d in self.code) + ". Enter the 4-digit code it stands for.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.code
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
