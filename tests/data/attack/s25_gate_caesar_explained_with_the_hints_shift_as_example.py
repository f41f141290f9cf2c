"""A gate (should be flagged information_gate): z951's four phrases, each under its own secret
shift, the passphrase always the hint's 7; the description explains what a Caesar shift is with
one illustration, "for instance cat becomes jha" (shift 7). Nothing the task shows tells the
passphrase from the decoys. ``_worked_shifts`` reads that illustration as a worked example of
the task's key (a link word, "becomes", between two words one shift apart), and the last line
of ``_key_stated`` holds the hint's 7 for the task's own, so it is never rewritten. An
illustration of the method is not a statement of which key the message uses.

engine.score --k 8 (tk41_agents.py:first_number), seeds 0-3 and 11: accepted, no flags (regret 0.5-1.0)."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own secret amount, no two alike. (A Caesar shift moves every letter the same number of places along the alphabet; for instance cat becomes jha.) One is the passphrase. Say it deciphered. 1 attempt."
HINT = "The passphrase is the phrase shifted by 7: shift its letters back 7 places."
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


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 8)
        phrases = [" ".join(words[i : i + 2]) for i in range(0, 8, 2)]
        self.ans = phrases[0]
        shifts = [7] + rng.sample([k for k in range(1, 26) if k not in (7, 19)], 3)
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
