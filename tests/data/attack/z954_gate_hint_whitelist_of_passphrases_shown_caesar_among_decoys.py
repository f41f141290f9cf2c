"""A gate (should be flagged information_gate): eight phrases of three 3-letter words are shown
Caesar-shifted by a per-task amount; one is from the hint's list of valid passphrases (which one
changes per task), the other seven are decoys. The hint's words are the answer, but the whole
answer deciphers from a shown run (_CipherRuns), so it is read as shown; there is no table
label and no constant."""

import random

DESCRIPTION = "Eight phrases are shown Caesar-shifted by a secret amount. Exactly one is a valid passphrase. Say it deciphered. 1 attempt."
HINT = "The valid passphrases are: owl fox elk; ant bee cat; dog pig rat; cow hen yak; bat emu ram; gnu eel hog."
MAX_TURNS = 1
_VALID = ["owl fox elk", "ant bee cat", "dog pig rat", "cow hen yak", "bat emu ram", "gnu eel hog"]
_DECOY = [
    "sun sky sea",
    "red tan jet",
    "cup mug jar",
    "axe saw awl",
    "map pen ink",
    "oak elm fir",
    "bus van car",
    "hat cap wig",
    "ice fog dew",
    "toe leg arm",
]


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.ans = rng.choice(_VALID)
        shown = [self.ans] + rng.sample(_DECOY, 7)
        rng.shuffle(shown)
        k = rng.randrange(1, 26)
        return "Phrases: " + "; ".join(_shift(p, k) for p in shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
