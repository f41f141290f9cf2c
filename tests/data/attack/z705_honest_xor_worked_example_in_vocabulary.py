"""Honest (should stay frontier), tester47's z608 kind: a message shown as hex bytes XORed with a
shown key; the hint states the method with a worked example in the task's own three words."""

import random

DESCRIPTION = "A message is shown as hex bytes, each XORed with a shown key byte. Reply with the message. 1 attempt."
HINT = "XOR every byte with the key, then read the bytes as ASCII. Example: key 7, bytes 6b 66 6a 77 27 75 6e 71 62 75 read lamp river."
MAX_TURNS = 1
_V = ["lamp", "river", "stone"]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.msg = " ".join(rng.choice(_V) for _ in range(4))
        k = rng.randrange(1, 32)
        return f"Key {k}. Bytes: " + " ".join(f"{ord(c) ^ k:02x}" for c in self.msg), {}
    def step(self, action):
        ok = action.strip().lower() == self.msg
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
