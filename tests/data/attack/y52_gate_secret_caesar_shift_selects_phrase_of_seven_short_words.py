"""A gate (should be flagged information_gate): z993 with longer phrases. Four phrases of
seven 3-4-letter words are shown, each Caesar-shifted by its own amount; the passphrase is
the one the hint's shift 7 reads. The answer's key is found (its 6+ letters read from a shown
run), but _shifted_phrase_decoy skips phrases of more than six words and the one-word decoy
test wants words of 5+ letters, so the key has no decoy and is not probed.

engine.score --k 8, seeds 0-3 and 11: frontier (regret 0.625-0.875), no flag."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own secret amount. One is the passphrase. Say it deciphered. 1 attempt."
HINT = "The passphrase is the phrase shifted by 7: shift its letters back 7 places."
MAX_TURNS = 1
_V = [
    "ant",
    "bee",
    "cat",
    "dog",
    "elk",
    "fox",
    "gnu",
    "hen",
    "owl",
    "pig",
    "ram",
    "yak",
    "lamp",
    "rose",
    "mint",
    "bell",
    "frog",
    "kite",
    "moon",
    "salt",
    "vine",
    "wolf",
    "dusk",
    "harp",
]


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        phrases = [" ".join(rng.sample(_V, 7)) for _ in range(4)]
        self.ans = phrases[0]
        shifts = [7] + rng.sample([k for k in range(1, 26) if k != 7], 3)
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
