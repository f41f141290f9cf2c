"""Honest (should stay frontier): a message XORed byte by byte with a shown key and sent in base64; the hint states the method with a worked example in the task's own words."""

import base64
import random

DESCRIPTION = "A message was XORed byte by byte with the shown key and then base64-encoded. Reply with the message. 1 attempt."
HINT = "Base64-decode the message, XOR every byte with the key and read the bytes as ASCII. Example: key 7, message a2Zqdyd1bnFidQ== reads lamp river."
MAX_TURNS = 1
_V = ["lamp", "river", "stone"]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.msg = " ".join(rng.choice(_V) for _ in range(4))
        k = rng.randrange(1, 32)
        enc = base64.b64encode(bytes(ord(c) ^ k for c in self.msg)).decode()
        return f"Key {k}. Message: {enc}", {}

    def step(self, action):
        ok = action.strip().lower() == self.msg
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
