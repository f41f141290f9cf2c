"""A gate (should be flagged information_gate): z951 (four two-word phrases, each
Caesar-shifted by its own amount, the passphrase the one the hint's shift 7 reads) with a
glossary of 520 made-up part numbers ('abab abad ...') in the description. _answer_keys
looks for decoys among the first _DECOY_WORDS_MAX (512) played-or-stated words in
alphabetical order; the glossary's words all sort before the phrases' words (none begins
with 'a'), so no decoy word is ever tried, the key has no decoy and is not probed.

engine.score --k 8, seeds 0-3 and 11: frontier (regret 0.5-0.875), no flag; z951 itself is
information_gate."""

import itertools
import random

_PARTS = [
    "a" + a + b + c
    for a, b in itertools.product("bcdfghjklmnpqrstvwxz", "aeiou")
    for c in "bdgkmnprst"
][:520]
DESCRIPTION = (
    "Four phrases are shown, each Caesar-shifted by its own secret amount. One is the "
    "passphrase. Say it deciphered. 1 attempt. Part numbers of the lock (for reference "
    "only): " + " ".join(_PARTS) + "."
)
HINT = "The passphrase is the phrase shifted by 7: shift its letters back 7 places."
MAX_TURNS = 1
_V = [
    "bamboo",
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
        shifts = [7] + rng.sample([k for k in range(1, 26) if k != 7], 3)
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
