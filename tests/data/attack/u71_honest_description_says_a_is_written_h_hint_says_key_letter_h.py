"""Honest (should stay frontier): z951's four phrases, and the description says "In the
passphrase, every a is written as h"; the hint says "the key letter H: A is written H". The
task states the key as the letter A becomes, a form ``_key_forms`` reads in hints (w01) but
``_key_stated`` never finds in the task (no shared two words, no cipher word, no worked example
of 3+ letters), so the task's key is rewritten.

engine.score --k 8 (tk41_agents.py:letter_key), seeds 0-3 and 11: information_gate (cipher_key shift 7, 0/6 rekeyed), regret 0.5-1.0."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own amount. In the passphrase, every a is written as h (all its letters moved on by one amount). Say it deciphered. 1 attempt."
HINT = "The passphrase uses the key letter H: A is written H, so move its letters back."
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
        shifts = [7] + rng.sample([k for k in range(1, 26) if k not in (7, 19)], 3)
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
