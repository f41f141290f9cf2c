"""A gate (should be flagged information_gate): w04's four phrases, but every observation
lists all four shifts in the hint's own words ("the phrases are shifted by 3, shifted by 7,
shifted by 12 and shifted by 20, in some order"): the task states every key, not which one is
the passphrase's, so only the hint's "shifted by 7" picks it. The task writing the hint's key
after the hint's words is no statement of it where it writes other keys after them too.

engine.score --k 8 (tk38_agents.py:first_number), seeds 0-3 and 11: information_gate (cipher
key shift 7) since session 30 (before, a description writing the decoy keys in the hint's words
made the hint's key the task's)."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own amount. One is the passphrase. Say it deciphered. 1 attempt."
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
        shifts = [7] + rng.sample([k for k in range(1, 26) if k != 7], 3)
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        listed = ", ".join(f"shifted by {k}" for k in sorted(shifts))
        return f"Note: the phrases are {listed}, in some order. Phrases: " + "; ".join(
            shown
        ) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
