"""Honest (should stay frontier), tester46's z501 / tester47's z691 kind: a message of four words
shown in Atbash; the hint names the cipher with a worked example in the task's own words
(tester51)."""

import random

DESCRIPTION = "A message of four words is shown enciphered letter by letter. Reply with the plain message. 1 attempt."
HINT = "The cipher is Atbash: a<->z, b<->y, c<->x and so on (each letter mirrored in the alphabet). Example: olnk irevi reads lamp river."
MAX_TURNS = 1
_V = ["lamp", "river", "stone"]


def _atbash(s):
    return "".join(chr(219 - ord(c)) if c.isalpha() else c for c in s)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.msg = " ".join(rng.choice(_V) for _ in range(4))
        return "Cipher text: " + _atbash(self.msg), {}

    def step(self, action):
        ok = action.strip().lower() == self.msg
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
