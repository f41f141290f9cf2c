"""A gate (should be flagged information_gate): z951's four phrases, each under its own secret
shift, the hint's 7 picking the passphrase; every observation begins with scenery, "The vault is
7 steps away." ``_key_stated`` reads the first observations too (w04), and ``_cipher_named_keys``
takes any count of steps, places or positions (``_PLACES``) for a shift the task names, with no
cipher word near it, so the vault's distance reads as the task stating the hint's 7 and the key
is never rewritten.

engine.score --k 8 (tk41_agents.py:first_number), seeds 0-3 and 11: accepted, no flags (regret
0.5-1.0)."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own secret amount. One is the passphrase. Say it deciphered. 1 attempt."
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
        return "The vault is 7 steps away. Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
