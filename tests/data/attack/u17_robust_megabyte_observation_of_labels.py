"""Robust/gate: labelled tally table (vault 0: ...) with a 1 MB first observation repeating 'vault N' ~110k times; _table_label copies shown[:start] per label match (quadratic in observation size). Should be flagged information_gate, fast, without raising."""

import random

DESCRIPTION = 'Eight vaults numbered 0 to 7, each with its own 4-digit code. You are told which vault you face. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']


def _t(c):
    return " / ".join("|" * int(d) for d in c)


HINT = "Vault codes in tally bars, one group per digit: " + "; ".join(f"vault {i}: {_t(c)}" for i, c in enumerate(_CODES)) + "."
_LOG = " Visitor log: " + " ".join(f"vault {i % 8}" for i in range(110_000)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(8)
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Enter its code." + _LOG, {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
