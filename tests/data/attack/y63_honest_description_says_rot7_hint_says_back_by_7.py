"""Honest (should stay frontier): y59's design in other words. Four phrases are shown, each
Caesar-shifted by its own amount; the description says the passphrase is always the ROT7
one, and the hint restates it as 'shift ... back by 7'. The hint carries nothing the task
does not state, but the task's 7 ('the ROT7 one') and the hint's ('back by 7') follow
different words, so _key_stated does not read the key as the task's: the cipher-key route
rewrites the hint's 7 and flags the design information_gate.

engine.score --k 8 (tk35_agents.py:hint_shift_phrase), seeds 0-3 and 11: information_gate
(cipher_key ``shift 7``, 0/6 rekeyed), regret 0.5-1.0."""

import random

DESCRIPTION = (
    "Four phrases are shown, each Caesar-shifted by its own amount; three are decoys. The "
    "passphrase is always the ROT7 one. Say it deciphered. 1 attempt."
)
HINT = "Find the passphrase and shift each of its letters back by 7 places."
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
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
