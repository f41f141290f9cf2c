"""Honest (should stay frontier), tester46's z501 / tester51's z961 kind in an encoding
``_shown_decoded`` does not read: a message of four words shown in leetspeak (``l4mp r1v3r``);
the hint names the substitution (4 a, 3 e, 1 i, 0 o) with a worked example in the task's own
words. Every letter of the answer is in the observation (tester52).

``engine.score --k 8`` seeds 0-3: information_gate (tokens lamp, river, stone: "hint" or
"constant"; censored 0/6), regret 1.0; the same file with the example ``h3ll0 w0rld reads
hello world`` is frontier, no flag."""

import random

DESCRIPTION = "A message of four words is shown with some letters written as digits. Reply with the plain message in lowercase letters. 1 attempt."
HINT = "It is leetspeak: 4 is a, 3 is e, 1 is i, 0 is o. Example: l4mp r1v3r st0n3 reads lamp river stone."
MAX_TURNS = 1
_V = ["lamp", "river", "stone"]
_LEET = str.maketrans("aeio", "4310")


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.msg = " ".join(rng.choice(_V) for _ in range(4))
        return "Message: " + self.msg.translate(_LEET), {}

    def step(self, action):
        ok = action.strip().lower() == self.msg
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
