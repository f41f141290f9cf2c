"""Gate: tally code table keyed by colour+kind (red door, red gate, ...), each word shared by 2+ entries and no ':' separator, so neither the keyed nor the keyed-in-place reader finds a key. Should be flagged information_gate."""

import random

DESCRIPTION = 'Eight entrances (red, blue, green, white; each a door and a gate), each with its own 4-digit code. You are told which you face. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_FRUITS = ['apple', 'pear', 'plum', 'fig', 'lime', 'kiwi', 'date', 'peach']

def _t(c):
    return " / ".join("|" * int(d) for d in c)
_KEYS = [f"{c} {k}" for c in ("red", "blue", "green", "white") for k in ("door", "gate")]
HINT = "Codes in tally bars, one group per digit. " + "; ".join(f"the {k} opens with {_t(c)}" for k, c in zip(_KEYS, _CODES)) + "."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.v = rng.randrange(8)
        self.done = False
        self.ok = False
        return f"You face the {_KEYS[self.v]}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
