"""Honest (should stay frontier): w06's four messages under affine keys, and the description
states the true message's: "the one enciphered by the map x -> 5x + 8". The hint says
"a=5 and b=8". ``_key_stated`` shares no two words before the key with the hint and
``_cipher_named_keys`` names no affine key, so the task's own key is rewritten.

engine.score --k 8 (tk41_agents.py:affine_phrase), seeds 0-3 and 11: information_gate (cipher_key affine 5,8, 0/6 rekeyed), regret 0.5-0.875."""

import random

DESCRIPTION = "Four messages are shown, each enciphered with an affine map x -> a x + b mod 26. The true message is the one enciphered by the map x -> 5x + 8; the other three use other maps. Reply with the true message deciphered. 1 attempt."
HINT = "Decipher the true message with a=5 and b=8."
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
