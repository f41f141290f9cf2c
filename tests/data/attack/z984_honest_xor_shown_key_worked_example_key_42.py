"""Honest (should stay frontier): one word XORed with a per-task key the task shows, then hex;
the hint's worked example uses key 42 (which a task's key is now and then). The key that reads
the answer is the task's, not the hint's, so no hint key picks it."""

import random

DESCRIPTION = "A word is shown as hex bytes XORed with the shown key. Say the word. 1 attempt."
HINT = "XOR each byte with the shown key. Example: key 42, bytes 4b 47 48 4f 58 read amber."
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
        self.ans = rng.choice(_V)
        key = rng.choice([42, *range(1, 128)])
        return f"Key: {key}. Word: " + bytes(ord(c) ^ key for c in self.ans).hex(" "), {}

    def step(self, action):
        ok = action.strip().lower() == self.ans
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
