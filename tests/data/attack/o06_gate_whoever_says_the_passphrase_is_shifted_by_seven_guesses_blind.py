"""Gate (should be flagged information_gate): four phrases under the shifts 7, 3, 11, 20,
shuffled; the description's only remark about 7 says the opposite of stating it ('Whoever
says the passphrase is the phrase shifted by 7 guesses blind'), so nothing the task states
says which phrase; the hint does.

``_role_sentences`` yields it ('whoever', 'says', 'guesses', 'blind' are no hedges; 'guess'
is, 'guesses' not), so ``_key_stated`` says the task states 7.

engine.score --k 8 (tk44_agents.py:first_number), seeds 0, 1, 11: frontier, no flags (regret 0.75, 0.75, 0.75)."""

import random

DESCRIPTION = "Four phrases are painted on the wall, each Caesar-shifted by its own amount. Whoever says the passphrase is the phrase shifted by 7 guesses blind. Say it deciphered. 1 attempt."
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
        shifts = [7, 3, 11, 20]
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
