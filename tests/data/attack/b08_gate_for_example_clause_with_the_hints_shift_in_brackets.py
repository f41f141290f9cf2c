"""A gate (should be flagged information_gate): s25's illustration, "For example, cat might
be written jha (a shift of seven).", z951's four phrases each under its own secret shift.
``_ILLUSTRATION`` blanks the clause only to ``[.;!?()\n]``, so the bracket's "shift of seven"
survives and ``_CIPHER_WORD`` names 7 as the task's only shift; ``_key_stated`` exempts the
hint's 7.

engine.score --k 8 (tk44_agents.py:first_number), seeds 0, 1, 11: frontier, no flags (regret 0.625, 0.875, 0.75)."""

import random

DESCRIPTION = "Four phrases are painted on the wall, each Caesar-shifted by its own secret amount, no two alike. For example, cat might be written jha (a shift of seven). One is the passphrase. Say it deciphered. 1 attempt."
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
        shifts = [7] + rng.sample([k for k in range(1, 26) if k not in (7, 19)], 3)
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
