"""Honest (should stay frontier): z951's four phrases; the description gives a worked example of
the passphrase's cipher: "In the passphrase's cipher the word cat appears as jha." (shift 7,
the hint's). ``_WORKED_LINK`` knows "is written", "becomes", "turns", "maps", "reads",
"gives", "shown", "->" but not "appears as", so ``_worked_shifts`` finds no example and the
hint's 7 is rewritten.

engine.score --k 8 (tk44_agents.py:first_number), seeds 0, 1, 11: information_gate (cipher_key
shift 7 rewritten), regret 0.625, 0.875, 0.75."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own amount, no two alike. In the passphrase's cipher the word cat appears as jha. Say it deciphered. 1 attempt."
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
