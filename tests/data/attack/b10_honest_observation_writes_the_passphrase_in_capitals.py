"""Honest (should stay frontier): z951's four phrases, the passphrase written in capitals
among lower-case decoys; the description says "The passphrase is the one written in
capitals." The task marks the message, and 25 shifts read it; the hint gives 7. The Critic
lower-cases what was shown (``_answer_keys``'s ``low``) and ``_marked_by_task`` knows only a
label word beside the ciphertext, so the other phrases read as decoys and 7 is rewritten.

engine.score --k 8 (tk44_agents.py:first_number), seeds 0, 1, 11: information_gate (cipher_key shift 7 rewritten), regret 0.625, 0.875, 0.75."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own amount, no two alike. The passphrase is the one written in capitals. Say it deciphered. 1 attempt."
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
        shown[0] = shown[0].upper()
        rng.shuffle(shown)
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
