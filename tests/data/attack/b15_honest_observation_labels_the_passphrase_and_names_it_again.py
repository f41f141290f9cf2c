"""Honest (should stay frontier): the passphrase labelled in every observation ("Phrases: a;
b; c. Passphrase: d. Type the passphrase deciphered."), the description saying it is
labelled; the hint gives its shift 7. ``_shift_label`` keeps a label word only if it is
written once in what was shown, and the instruction repeats "passphrase", so the label is
dropped, the other phrases read as decoys and 7 is rewritten. The same design without "Type
the passphrase deciphered." is frontier, no flags (seed 0).

engine.score --k 8 (tk44_agents.py:first_number), seeds 0, 1, 11: information_gate (cipher_key shift 7 rewritten), regret 0.625, 0.625, 0.75."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own amount, no two alike. The passphrase is labelled. Say it deciphered. 1 attempt."
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
        return "Phrases: " + "; ".join(shown[1:]) + ". Passphrase: " + shown[
            0
        ] + ". Type the passphrase deciphered.", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
