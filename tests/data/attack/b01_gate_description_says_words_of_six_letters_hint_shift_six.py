"""A gate (should be flagged information_gate): z951's four phrases painted on a wall, each
two words of six letters under its own secret Caesar shift, the passphrase always the hint's 6.
The description says what the words are like: "each two words of 6 letters, Caesar-shifted by
its own secret amount". ``_cipher_named_keys`` reads "6 letters" as a count of places
(``_PLACES`` "letters") in a sentence ``_PLACES_CONTEXT`` calls about letters ("letters",
"Caesar"), so the description names 6 as its only shift and ``_key_stated`` exempts the
hint's key. Nothing the task states says which phrase is the passphrase.

engine.score --k 8 (tk44_agents.py:first_number), seeds 0, 1, 11: frontier, no flags (regret 0.625, 0.625, 0.875)."""

import random

DESCRIPTION = "Four phrases are painted on the wall, each two words of 6 letters, Caesar-shifted by its own secret amount, no two alike. One is the passphrase. Say it deciphered. 1 attempt."
HINT = "The passphrase is the phrase shifted by 6: shift its letters back 6 places."
MAX_TURNS = 1
_V = [
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
        shifts = [6] + rng.sample([k for k in range(1, 26) if k not in (6, 20)], 3)
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
