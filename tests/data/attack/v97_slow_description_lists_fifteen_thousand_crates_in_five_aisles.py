"""Slow (Critic CPU): a crate table of 15,000 keys (``k000: ZNPFA; ...``), the hint's alone (a
gate: the description lists the codes shuffled), and the description walks five aisles, each
listing every crate (rotated). ``_parallel_lists_state`` takes each comma list (the first 64)
for the keys' list and tests every hinted key's membership in it as a list (``named(k) in
keys``): 5 lists x 15,000 keys x 7,500 places on average, quadratic in the table.

engine.score --k 8 (tk42_agents.py:crate), seed 11: see the report for user CPU."""

import random

_N = 15_000
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_KEYS = ["k" + _B36[i // 1296] + _B36[i // 36 % 36] + _B36[i % 36] for i in range(_N)]
_CODES = [
    "".join(chr(65 + (i * 7919 + 104_729) // 26**j % 26) for j in range(5)) for i in range(_N)
]
DESCRIPTION = (
    "You hold one crate. "
    + "".join(
        f"Aisle {a}: " + ", ".join(_KEYS[a * 997 :] + _KEYS[: a * 997]) + ".\n" for a in range(5)
    )
    + "Codes in use, shuffled: "
    + ", ".join(sorted(_CODES))
    + ". Enter the code of your crate. 3 attempts."
)
HINT = "Codes: " + "; ".join(f"{k}: {v}" for k, v in zip(_KEYS, _CODES, strict=True)) + "."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(_N)
        self.left = 3
        return "You hold a " + _KEYS[self.v] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _CODES[self.v]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
