"""Gate: tally code table labelled vault 1, vault 2, safe 1, safe 2, locker 1/2, chest 1/2: each label word has only 2 values (labelled reader needs 3) and no word is unique to one entry. Should be flagged information_gate."""

import random

DESCRIPTION = 'Eight boxes (vault, safe, locker, chest; each numbered 1 and 2), each with its own 4-digit code. You are told which you face. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_FRUITS = ['apple', 'pear', 'plum', 'fig', 'lime', 'kiwi', 'date', 'peach']

def _t(c):
    return " / ".join("|" * int(d) for d in c)
_KEYS = [f"{c} {k}" for c in ("vault", "safe", "locker", "chest") for k in (1, 2)]
HINT = "Codes in tally bars, one group per digit. " + "; ".join(f"{k} opens with {_t(c)}" for k, c in zip(_KEYS, _CODES)) + "."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.v = rng.randrange(8)
        self.done = False
        self.ok = False
        return f"You face {_KEYS[self.v]}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
