"""A gate (should be flagged information_gate): z952's four XORed base64 words; the password is
the one XORed with "the ASCII code of the capital letter K" (75), which only the hint says. The
route finds xor 75 beside decoys, but ``_key_forms`` knows an XOR key only in decimal or 0x hex,
so the hint is never rewritten and the route plays nothing.

engine.score --k 8 (tk38_agents.py:xor_letter), seeds 0-3 and 11: frontier, no flags,
regret 0.625-0.875."""

import base64
import random

DESCRIPTION = "Four words are shown, each XORed with its own secret key, then base64-encoded. One is the password. Say it. 1 attempt."
HINT = "The password is the word XORed with the ASCII code of the capital letter K: XOR each byte with that code."
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
        keys = [75] + rng.sample([k for k in range(1, 128) if k != 75], 3)
        blobs = [
            base64.b64encode(bytes(ord(c) ^ k for c in w)).decode()
            for w, k in zip(words, keys, strict=True)
        ]
        rng.shuffle(blobs)
        return "Words: " + " ".join(blobs), {}

    def step(self, action):
        ok = action.strip().lower() == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
