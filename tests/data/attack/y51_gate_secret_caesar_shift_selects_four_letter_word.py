"""A gate (should be flagged information_gate): z991 with four-letter words. Four words
(lamp, rose, mint, ...) are shown, each Caesar-shifted by its own amount; the password is
the one the hint's shift 7 reads. The answer's key is found word by word (4+ letters in all,
z991's fix), but a shifted decoy must spell a played word of 5+ letters, or be a phrase of
2+ words, so four one-word decoys of four letters are no decoys and the key is not probed.

engine.score --k 8, seeds 0-3 and 11: frontier (regret 0.375-0.875), no flag."""

import random

DESCRIPTION = "Four words are shown, each Caesar-shifted by its own secret amount. One is the password. Say it deciphered. 1 attempt."
HINT = "The password is the word shifted by 7: shift its letters back 7 places."
MAX_TURNS = 1
_V = [
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
        words = rng.sample(_V, 4)
        self.ans = words[0]
        shifts = [7] + rng.sample([k for k in range(1, 26) if k != 7], 3)
        shown = [_shift(w, k) for w, k in zip(words, shifts, strict=True)]
        rng.shuffle(shown)
        return "Words: " + ", ".join(shown) + ".", {}

    def step(self, action):
        ok = action.strip().lower() == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
