"""Honest (should stay frontier): z951's four phrases, and the description says which one is
the passphrase: "the one whose letters each stand 7 letters later in the alphabet than its
plain text". The hint says "shifted by 7". ``_key_stated`` reads the task's key only after the
hint's own two words, after a cipher word (``_CIPHER_WORD``), before places/positions/steps
(``_PLACES``) or from worked examples, so "7 letters later" is not read and the hint's 7 is
rewritten: the hinted Agent loses the key the task gave it.

engine.score --k 8 (tk41_agents.py:first_number), seeds 0-3 and 11: information_gate (cipher_key shift 7, 0/6 rekeyed), regret 0.5-1.0."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own amount. The passphrase is the one whose letters each stand 7 letters later in the alphabet than its plain text. Say it deciphered. 1 attempt."
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
