"""A gate (should be flagged information_gate): four messages are shown, each
Vigenere-enciphered with its own keyword, all four keywords shown (in shuffled order, not
paired); the true message is the one under 'lemon', which only the hint says. Each message
(8+ letters) deciphers from a shown run with a shown keyword, and changes per task."""

import random

DESCRIPTION = "Four messages are shown, each Vigenere-enciphered with one of the shown keywords (keyword advancing on letters only). One is true. Reply with it deciphered. 1 attempt."
HINT = "The true message is the one enciphered with keyword lemon."
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
_K = ["lemon", "tiger", "plank", "crown", "fjord", "quilt", "mango"]


def _vig(text, key):
    out, i = [], 0
    for c in text:
        if c.isalpha():
            out.append(chr((ord(c) - 97 + ord(key[i % len(key)]) - 97) % 26 + 97))
            i += 1
        else:
            out.append(c)
    return "".join(out)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 8)
        phrases = [" ".join(words[i : i + 2]) for i in range(0, 8, 2)]
        self.ans = phrases[0]
        keys = ["lemon"] + rng.sample(_K[1:], 3)
        msgs = [_vig(p, k) for p, k in zip(phrases, keys, strict=True)]
        rng.shuffle(msgs)
        rng.shuffle(keys)
        return "Keywords: " + ", ".join(keys) + ". Messages: " + "; ".join(msgs) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
