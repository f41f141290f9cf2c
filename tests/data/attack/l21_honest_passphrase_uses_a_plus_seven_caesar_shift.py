"""Honest (should stay frontier, no flags): four phrases under the shifts 7, 3, 11, 20, shuffled;
the description states the passphrase's shift, and the hint repeats it. 'The passphrase uses a +7 Caesar shift.'

'+7' before 'Caesar shift' follows no cipher word (``_CIPHER_WORD`` reads a key only after
it) and shares no two words with the hint, so ``_key_stated`` is false.

engine.score --k 8 (tk44_agents.py:first_number), seeds 0, 1, 11: information_gate, not frontier (regret 0.75, 0.75, 0.75)."""

import random

DESCRIPTION = "Four phrases are painted on the wall, each Caesar-shifted by a secret amount. The passphrase uses a +7 Caesar shift. Say it deciphered. 1 attempt."
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
        shifts = [7, 3, 11, 20]
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
