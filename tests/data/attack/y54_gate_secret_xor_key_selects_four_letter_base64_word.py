"""A gate (should be flagged information_gate): z952 with four-letter words. Four words are
shown, each XORed with its own key and base64-encoded; the password is the one XORed with 42,
which only the hint says. The answer's key is found (a blob read under 42 holds its 4
characters), but a blob's decoy must spell a played word of 5+ letters (_BYTE_WORD), so the
other blobs' four-letter words are no decoys and the key is not probed.

engine.score --k 8, seeds 0-3 and 11: frontier (regret 0.625-0.875), no flag."""

import base64
import random

DESCRIPTION = "Four words are shown, each XORed with its own secret key, then base64-encoded. One is the password. Say it. 1 attempt."
HINT = "The password is the word XORed with key 42: XOR each byte with 42."
MAX_TURNS = 1
_V = [
    "lamp",
    "rose",
    "mint",
    "bell",
    "frog",
    "kite",
    "moon",
    "salt",
    "vine",
    "wolf",
    "dusk",
    "harp",
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
