"""A gate (should be flagged information_gate): four two-word phrases are shown, three
Caesar-shifted by random amounts and one written in Atbash (a -> z, b -> y, ...); the
passphrase is the Atbash one, which only the hint says. Every phrase deciphers from what is
shown, so the first route sees the answer as shown text; the cipher-key route drops Atbash
(no key to rewrite) and reads the hint's choice of cipher as no key at all, so the design is
accepted as frontier: the hint picks the answer among decoys exactly as z951's 'shifted by 7'
does.

engine.score --k 8 (tk35_agents.py:atbash_phrase), seeds 0-3 and 11: frontier, no flags,
regret 0.5-0.875."""

import random

DESCRIPTION = (
    "Four phrases are shown, each under its own simple letter cipher. One is the passphrase. "
    "Say it deciphered. 1 attempt."
)
HINT = "The passphrase is the phrase written in Atbash (a<->z, b<->y, ...): mirror its letters."
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


def _atbash(text):
    return "".join(chr(219 - ord(c)) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 8)
        phrases = [" ".join(words[i : i + 2]) for i in range(0, 8, 2)]
        self.ans = phrases[0]
        shown = [_atbash(phrases[0])] + [
            _shift(p, k) for p, k in zip(phrases[1:], rng.sample(range(1, 26), 3), strict=True)
        ]
        rng.shuffle(shown)
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
