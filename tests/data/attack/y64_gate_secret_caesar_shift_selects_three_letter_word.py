"""A gate (should be flagged information_gate): z951/y51 with 3-letter words. Four 3-letter
words are shown, each Caesar-shifted by its own amount; the password is the one shifted by 7,
which only the hint says. The cipher-key route reads a Caesar key only for an answer of 4+
letters (6+ as one run; words of 3+ adding to 4+), so a lone 3-letter answer has no key found,
and the design is accepted as frontier.

engine.score --k 8 (tk35_agents.py:three_letter), seeds 0-3 and 11: frontier, no flags,
regret 0.375-0.875."""

import random

DESCRIPTION = (
    "Four words are shown, each Caesar-shifted by its own secret amount. One is the password. "
    "Say it deciphered. 1 attempt."
)
HINT = "The password is the word shifted by 7: shift its letters back 7 places."
MAX_TURNS = 1
_V = ["ant", "bee", "cat", "dog", "elk", "fox", "gnu", "hen", "owl", "pig", "ram", "yak"]


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 4)
        self.ans = words[0]
        shifts = [7] + rng.sample([k for k in range(1, 26) if k != 7], 3)
        shown = [_shift(w, k) for w, k in zip(words, shifts, strict=True)]
        rng.shuffle(shown)
        return "Words: " + ", ".join(shown) + ".", {}

    def step(self, action):
        ok = action.strip().lower() == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
