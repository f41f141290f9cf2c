"""Gate: 'apple: ||| / ...' table keyed by the fruit held; the observation also names two other fruits, so 3 keys are shown."""

import random

DESCRIPTION = 'Eight fruit crates, each with its own 4-digit code. You are told which fruit you hold. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_F = ["apple", "pear", "plum", "grape", "lemon", "mango", "peach", "cherry"]

def _t(c):
    return " / ".join("|" * int(d) for d in c)


HINT = "Crate codes in tally bars, one group per digit. " + "; ".join(f"{f}: {_t(c)}" for f, c in zip(_F, _CODES)) + "."


MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"You hold a {_F[self.v]}. (The {_F[(self.v + 1) % 8]} crate and the {_F[(self.v + 2) % 8]} crate are empty.) Enter the code of the crate for your fruit.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
