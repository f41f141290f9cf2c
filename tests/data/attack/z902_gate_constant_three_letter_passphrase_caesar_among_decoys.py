"""A gate (should be flagged), the z692 kind in 3-letter words: the passphrase the hint gives
is shown among three decoy phrases, all Caesar-shifted by a shown amount, so the whole answer
is a shown run read back; played in every win and named by the hint, it is a constant."""

import random

DESCRIPTION = "Four phrases are shown Caesar-shifted by the shown amount. One is the passphrase. Say it. 1 attempt."
HINT = "The passphrase is owl fox elk."
MAX_TURNS = 1
_P = ["owl fox elk", "ant bee cat", "dog pig rat", "cow hen yak"]


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        k = rng.randrange(1, 26)
        phrases = list(_P)
        rng.shuffle(phrases)
        return f"Shift {k}. Phrases: " + "; ".join(_shift(p, k) for p in phrases), {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == "owl fox elk"
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
