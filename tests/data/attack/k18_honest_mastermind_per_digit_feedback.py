"""Honest: a 4-digit code (digits 1-6) keyed one digit a turn; after the fourth the Agent
learns which places are right. The hint teaches a method that opens with 1234 and raises
each wrong place by one (every win keys 1, 2, 3, 4 first). Not a gate."""

import random

DESCRIPTION = (
    "Crack a 4-digit code of digits 1-6. Key a guess one digit per turn; after the "
    "fourth digit you see, per place, 'Y' (right) or 'N'. You have 4 guesses."
)
HINT = (
    "Open with 1234. After each guess keep every Y digit and add 1 to every N digit (wrap 6 to 1)."
)
MAX_TURNS = 16


class Env:
    def reset(self, seed=None, options=None):
        self.t = 0
        r = random.Random(seed)
        self.code = "".join(r.choice("123456") for _ in range(4))
        self.buf = ""
        self.guesses = 0
        return "Key the first digit.", {}

    def step(self, action):
        self.t += 1
        out = self._step(action)
        return out[:3] + (out[3] or (not out[2] and self.t >= MAX_TURNS),) + out[4:]

    def _step(self, action):
        d = action.strip()[:1]
        if d not in "123456" or not d:
            return "A digit 1-6, please.", 0.0, False, False, {}
        self.buf += d
        if len(self.buf) < 4:
            return "ok", 0.0, False, False, {}
        fb = "".join("Y" if a == b else "N" for a, b in zip(self.buf, self.code))
        self.buf = ""
        self.guesses += 1
        if fb == "YYYY":
            return "YYYY solved", 1.0, True, False, {"success": True}
        if self.guesses >= 4:
            return fb + " out of guesses", 0.0, True, False, {"success": False}
        return fb, 0.0, False, False, {}
