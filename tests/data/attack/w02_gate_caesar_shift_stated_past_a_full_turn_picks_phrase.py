"""A gate (should be flagged information_gate): z951's four phrases; the hint states the
passphrase's shift as 33 (a full turn and 7 more). ``_key_forms`` reads a shift k as k or 26 - k
only, so the 33 is never rewritten and the cipher-key route plays nothing.

engine.score --k 8 (tk38_agents.py:first_number), seeds 0-3 and 11: frontier, no flags,
regret 0.5-0.875."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own secret amount. One is the passphrase. Say it deciphered. 1 attempt."
HINT = "The passphrase is the phrase rotated forward by 33 letters (wrapping round the alphabet): rotate its letters back by 33."
MAX_TURNS = 1
PREFIX = ""
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
        return PREFIX + "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
