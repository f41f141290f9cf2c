"""Slow (Critic CPU): w04's four phrases and note; the hint and the description name the key
in Russian words ("сдвиг на 7", shift by 7), and the description then writes the word "сдвиг"
20,000 times. ``_keys_after`` reads the keys the description writes after the hint's two words:
its pattern's ``[^A-Za-z]+`` runs over Cyrillic letters, so from each "сдвиг" it scans on to
the end of the description looking for "на": quadratic in the description.

engine.score --k 8 (tk42_agents.py:first_number), seed 11: see the report for user CPU."""

import random

DESCRIPTION = (
    "Four phrases are shown, each Caesar-shifted by its own amount. The task says which one is "
    "the passphrase. Say it deciphered. 1 attempt. In Russian: сдвиг на 7. Glossary: "
    + "сдвиг "
    * 20_000
)
HINT = "The passphrase is the phrase сдвиг на 7: shift its letters back 7 places."
MAX_TURNS = 1
PREFIX = "Note: the passphrase is the one shifted by 7. "
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
        shifts = [7] + rng.sample([k for k in range(1, 26) if k != 7], 3)
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        return PREFIX + "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
