"""A gate (should be flagged information_gate): z951 (four phrases, each Caesar-shifted by its
own amount; the passphrase is the one the hint's shift 7 reads) on two tasks in three; on the
third the passphrase is shown as it is. The key reads only some hinted wins, so a key common to
every win is none: the cipher-key route takes a key that reads at least half of them."""

import random

DESCRIPTION = "Phrases are shown, most of the time each Caesar-shifted by its own secret amount. One is the passphrase. Say it deciphered. 1 attempt."
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
        if (seed or 0) % 3 == 0:
            return "The passphrase is: " + self.ans + ".", {}
        shifts = [7] + rng.sample([k for k in range(1, 26) if k != 7], 3)
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
