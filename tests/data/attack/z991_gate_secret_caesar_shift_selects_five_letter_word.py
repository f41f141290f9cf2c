"""A gate (should be flagged information_gate): z951 with one five-letter word in place of a
phrase. Four words (amber, lemon, tiger, ...) are shown, each Caesar-shifted by its own amount;
the password is the one the hint's shift 7 reads. Only the hint says which shift is the
password's."""

import random

DESCRIPTION = "Four words are shown, each Caesar-shifted by its own secret amount. One is the password. Say it deciphered. 1 attempt."
HINT = "The password is the word shifted by 7: shift its letters back 7 places."
MAX_TURNS = 1
_V = [
    "amber",
    "lemon",
    "tiger",
    "piano",
    "river",
    "stone",
    "cloud",
    "honey",
    "maple",
    "ocean",
    "pearl",
    "zebra",
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
        return "Words: " + " ".join(shown) + ".", {}

    def step(self, action):
        ok = action.strip().lower() == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
