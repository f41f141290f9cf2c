"""A gate (should be flagged information_gate): z952 (four words, each XORed with its own key,
the password the one under the hint's key) with the words shown as hex and the key written
as 0x2a in the hint. Only the hint says which key is the password's."""

import random

DESCRIPTION = "Four words are shown as hex bytes, each XORed with its own secret key. One is the password. Say it. 1 attempt."
HINT = "The password is the word XORed with key 0x2A: XOR each byte with 0x2A."
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


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 4)
        self.ans = words[0]
        keys = [42] + rng.sample([k for k in range(1, 128) if k != 42], 3)
        blobs = [bytes(ord(c) ^ k for c in w).hex() for w, k in zip(words, keys, strict=True)]
        rng.shuffle(blobs)
        return "Words: " + " ".join(blobs), {}

    def step(self, action):
        ok = action.strip().lower() == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
