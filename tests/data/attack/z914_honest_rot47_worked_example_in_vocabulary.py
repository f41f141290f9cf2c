"""Honest (should stay frontier), z961 in ROT47: a message of four words shown in ROT47 (every
printable ASCII character rotated 47 places); the hint names the cipher with a worked example in
the task's own words (tester51 found it flagged; read since session 28)."""

import random

DESCRIPTION = "A message of four words is shown enciphered character by character. Reply with the plain message. 1 attempt."
HINT = "The cipher is ROT47: each printable ASCII character from ! to ~ moves 47 places round. Example: =2>A C:G6C reads lamp river."
MAX_TURNS = 1
_V = ["lamp", "river", "stone"]


def _rot47(s):
    return "".join(chr(33 + (ord(c) - 33 + 47) % 94) if 33 <= ord(c) <= 126 else c for c in s)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.msg = " ".join(rng.choice(_V) for _ in range(4))
        return "Cipher text: " + _rot47(self.msg), {}

    def step(self, action):
        ok = action.strip().lower() == self.msg
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
