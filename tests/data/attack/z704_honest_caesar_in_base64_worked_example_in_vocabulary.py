"""Honest (should stay frontier), tester47's z609 kind: a message Caesar-shifted by a shown amount and
sent in base64; the hint states the method with a worked example in the task's own three
words, so every hinted win plays some of them: they are shown, decoded and shifted back."""

import base64
import random

DESCRIPTION = "A message was Caesar-shifted by a shown amount and then base64-encoded. Reply with the original message. 1 attempt."
HINT = "Base64-decode the message, then move every letter back through the alphabet by the shift; spaces stay. Example: Shift 2. Message: bmNvciB0a3hndA== reads lamp river."
MAX_TURNS = 1
_V = ["lamp", "river", "stone"]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.msg = " ".join(rng.choice(_V) for _ in range(4))
        k = rng.randrange(1, 26)
        enc = "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in self.msg)
        return f"Shift {k}. Message: {base64.b64encode(enc.encode()).decode()}", {}
    def step(self, action):
        ok = action.strip().lower() == self.msg
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
