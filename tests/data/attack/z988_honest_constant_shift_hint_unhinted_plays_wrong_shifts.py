"""Honest (should stay frontier): the labelled set's learnable Caesar in another shape: one
phrase shown Caesar-shifted by 5 on every task, the hint stating the shift. Trying all 25
shifts finds it, so it is learnable without the hint. The unhinted agent plays the phrase read
under a wrong shift, garbage words that the cipher-key route must not take for decoys (they are
the Agent's, not the task's): tester53's note."""

import random

DESCRIPTION = (
    "A phrase of two words is shown Caesar-shifted. Reply with the phrase deciphered. 1 attempt."
)
HINT = "Every letter was shifted forward by 5: shift each one back by 5."
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
        self.ans = " ".join(rng.sample(_V, 2))
        return "Phrase: " + _shift(self.ans, 5), {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
