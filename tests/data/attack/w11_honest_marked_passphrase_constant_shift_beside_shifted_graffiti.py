"""Honest (should stay frontier): the labelled set's learnable Caesar with scenery. Every task
marks the passphrase ("Passphrase: ...") under a constant shift 7 the hint states; beside it two
graffiti phrases of vocabulary words under other random shifts. Trying all 25 shifts on the
marked phrase finds it (no decoy picks anything: the task says which text is the passphrase),
but ``_answer_keys`` counts any shown word another shift reads as a played word as a decoy, so
shift 7 is contested and rewritten.

engine.score --k 8 (tk38_agents.py:marked), seeds 0-3 and 11: information_gate
(cipher_key shift 7, 0/6 rekeyed), regret 1.0."""

import random

DESCRIPTION = "A passphrase is shown Caesar-shifted by a constant secret amount, beside some graffiti in other shifts. Say the passphrase deciphered. 1 attempt."
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
        return (
            f"Passphrase: {_shift(self.ans, 7)}. Graffiti on the wall: {'; '.join(graffiti)}.",
            {},
        )

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
