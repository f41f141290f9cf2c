"""A gate (should be flagged information_gate), the guard of tester54's y59 (a key the
description states as the hint does is the task's): z951 whose description lists shifts in
use, 7 among them, without saying which one is the passphrase's. Only the hint's shifted by 7
picks it; a key listed among others is not stated."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own secret amount; the amounts used are among 3, 7, 11 and 19, or others. One is the passphrase. Say it deciphered. 1 attempt."
HINT = "The passphrase is the phrase shifted by 7: shift its letters back 7 places."
MAX_TURNS = 1
_V = [
    "amber",
    "candle",
    "harbor",
    "meadow",
    "violin",
    "garden",
    "silver",
    "forest",
    "pepper",
    "rocket",
    "basket",
    "window",
]


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 8)
        phrases = [" ".join(words[i : i + 2]) for i in range(0, 8, 2)]
        self.ans = phrases[0]
        shifts = [7] + rng.sample([k for k in range(1, 26) if k != 7], 3)
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
