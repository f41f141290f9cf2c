"""Honest (should stay frontier): w11 with the mark after each text. Every task shows three
phrases in a shuffled order, each followed by what it is, "(passphrase)" or "(graffiti)": the
passphrase under a constant shift 7 the hint states, the graffiti under other random shifts.
Trying all 25 shifts on the marked phrase finds it, but ``_shift_label`` reads a mark only as a
word right before the ciphertext, written once (w11's "Passphrase: ..."): here the word before
it is the previous entry's "(graffiti)" or "wall", so the key is not marked by the task
(``_marked_by_task``), the graffiti count as decoys, and shift 7 is rewritten.

engine.score --k 8 (tk41_agents.py:marked_after), seeds 0-3 and 11: information_gate
(cipher_key shift 7, 0/6 rekeyed), regret 1.0."""

import random

DESCRIPTION = "A passphrase is shown Caesar-shifted by a constant secret amount, beside some graffiti in other shifts; each text is followed by what it is. Say the passphrase deciphered. 1 attempt."
HINT = "The passphrase's constant shift is 7: shift its letters back 7 places."
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
        words = rng.sample(_V, 6)
        self.ans = " ".join(words[:2])
        shifts = rng.sample([k for k in range(1, 26) if k != 7], 2)
        graffiti = [
            _shift(" ".join(words[i : i + 2]), k) for i, k in zip((2, 4), shifts, strict=True)
        ]
        parts = [f"{_shift(self.ans, 7)} (passphrase)"] + [f"{g} (graffiti)" for g in graffiti]
        rng.shuffle(parts)
        return "On the wall: " + "; ".join(parts) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
