"""A gate (should be flagged information_gate): u66 (four 8-9-letter words, each under its own
secret affine key; the hint's a=5 and b=8 picks the password) with the description explaining
the affine map by one illustration, "for example x -> 5x + 8". ``_AFFINE_STATED`` reads it as
the task's affine key (``_cipher_named_keys``), ``_key_stated`` exempts the hint's key, and it
is never rewritten; the Caesar twin is s25.

engine.score --k 8 (tk41_agents.py:affine_word), seeds 0-3 and 11: accepted, no flags (regret 0.625-0.75)."""

import random

DESCRIPTION = "Four words are shown, each enciphered with its own secret affine key: every letter x (a=0 ... z=25) becomes a x + b mod 26, for example x -> 5x + 8. One is the password. Reply with it deciphered. 1 attempt."
HINT = "The password is the word enciphered with a=5 and b=8: decipher it with a=5 and b=8."
MAX_TURNS = 1
_V = [
    "porcupine",
    "elephant",
    "mandolin",
    "sandwich",
    "buttercup",
    "kangaroo",
    "marigold",
    "dinosaur",
    "tangerine",
    "scorpion",
    "hedgehog",
    "lavender",
]

_KEYS = [(a, b) for a in (3, 7, 9, 11, 15, 17, 19, 21, 23) for b in range(1, 26)]


def _affine(text, a, b):
    return "".join(chr((a * (ord(c) - 97) + b) % 26 + 97) for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 4)
        self.ans = words[0]
        keys = [(5, 8)] + rng.sample(_KEYS, 3)
        shown = [_affine(p, *k) for p, k in zip(words, keys, strict=True)]
        rng.shuffle(shown)
        return "Words: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = action.strip().lower() == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
