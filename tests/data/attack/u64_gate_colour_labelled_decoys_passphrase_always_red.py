"""A gate (should be flagged information_gate): four phrases painted in four colours, shuffled,
each under its own secret shift; the passphrase (shift 7, the hint's) is always the red one,
and the description says the colours tell nothing. ``_shift_label`` finds the answer's
ciphertext always right after the one word "red", so ``_marked_by_task`` takes it for a message
the task marks (w11's "Passphrase:") and drops the key from the picks, though nothing the
Agent is shown tells red from blue. (The documented "label the Agent cannot tell apart" gap,
first instance; with the colours drawn at random per task it is flagged.)

engine.score --k 8 (tk41_agents.py:colour), seeds 0-3 and 11: accepted, no flags (regret 0.5-1.0)."""

import random

DESCRIPTION = "Four phrases are painted on the wall in four colours, each Caesar-shifted by its own secret amount; the colours tell nothing. One is the passphrase. Say it deciphered. 1 attempt."
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
