"""A gate (should be flagged information_gate): u64 (four phrases painted in four colours,
shuffled, each under its own secret shift; the passphrase, shift 7, always the red one; "the
colours tell nothing") with the wall described as a "red brick wall". ``_marked_by_task`` now
asks that the label word be in the description, and "red" is, in passing, so the answer's
ciphertext after "red:" counts as a message the task marks and the key is dropped from the
picks. The description never says red marks anything.

engine.score --k 8 (tk41_agents.py:colour), seeds 0-3 and 11: accepted, no flags (regret 0.5-1.0)."""

import random

DESCRIPTION = "Four phrases are painted on the red brick wall in four colours, each Caesar-shifted by its own secret amount; the colours tell nothing. One is the passphrase. Say it deciphered. 1 attempt."
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
        shown = [
            c + ": " + _shift(p, k)
            for c, p, k in zip(["red", "blue", "green", "gold"], phrases, shifts, strict=True)
        ]
        rng.shuffle(shown)
        return "Painted on the wall: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
