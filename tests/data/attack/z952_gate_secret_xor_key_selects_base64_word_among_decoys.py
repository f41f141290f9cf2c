"""A gate (should be flagged information_gate): four words are shown, each XORed with its own
key and then base64-encoded; the password is the one XORed with 42, which only the hint says.
Every blob reads as a word under some key (_xored_blobs tries all 255), and the answer changes
per task; the hint's constant key picks it."""

import base64
import random

DESCRIPTION = "Four words are shown, each XORed with its own secret key, then base64-encoded. One is the password. Say it. 1 attempt."
HINT = "The password is the word XORed with key 42: XOR each byte with 42."
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
        blobs = [
            base64.b64encode(bytes(ord(c) ^ k for c in w)).decode()
            for w, k in zip(words, keys, strict=True)
        ]
        rng.shuffle(blobs)
        return "Words: " + " ".join(blobs), {}

    def step(self, action):
        ok = action.strip().lower() == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
