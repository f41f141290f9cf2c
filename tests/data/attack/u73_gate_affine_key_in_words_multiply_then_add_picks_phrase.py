"""A gate (should be flagged information_gate): w06's four messages, each under its own affine
key, the hint stating the key in words: "multiplying each letter's index by 5 and then adding
8". ``_key_forms`` writes an affine key only as ``a=5``/``b=8``, ``5x + 8`` or ``(5, 8)``, and
the arithmetic redraw is not tried for affine keys, so ``_rekeyed_hint`` finds nothing to
rewrite and the gate is paid.

engine.score --k 8 (tk41_agents.py:affine_words), seeds 0-3 and 11: accepted, no flags (regret 0.5-0.875)."""

import random

DESCRIPTION = "Four messages are shown, each enciphered with its own secret affine key (each letter's index x, a=0, becomes a x + b mod 26). One is true. Reply with it deciphered. 1 attempt."
HINT = "The true message is the one enciphered by multiplying each letter's index by 5 and then adding 8 (mod 26)."
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

_KEYS = [(a, b) for a in (3, 7, 9, 11, 15, 17, 19, 21, 23) for b in range(1, 26)]


def _affine(text, a, b):
    return "".join(chr((a * (ord(c) - 97) + b) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 8)
        phrases = [" ".join(words[i : i + 2]) for i in range(0, 8, 2)]
        self.ans = phrases[0]
        keys = [(5, 8)] + rng.sample(_KEYS, 3)
        shown = [_affine(p, *k) for p, k in zip(phrases, keys, strict=True)]
        rng.shuffle(shown)
        return "Messages: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
