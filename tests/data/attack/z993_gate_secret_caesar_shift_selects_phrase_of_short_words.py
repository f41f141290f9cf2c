"""A gate (should be flagged information_gate): z951 (four phrases, each Caesar-shifted by its
own amount; the passphrase is the one the hint's shift 7 reads) with phrases of three 3-letter
words ('fox owl yak'). The cipher-key route finds shift 7 (the whole answer is 9 letters), but
its decoy test only looks for played words of 5+ letters, so the three decoy phrases are not
decoys to it and the key is never rewritten. Only the hint says which shift is the
passphrase's."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own secret amount. One is the passphrase. Say it deciphered. 1 attempt."
HINT = "The passphrase is the phrase shifted by 7: shift its letters back 7 places."
MAX_TURNS = 1
_V = ["ant", "bee", "cat", "dog", "elk", "fox", "gnu", "hen", "owl", "pig", "rat", "yak"]


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 12)
        phrases = [" ".join(words[i : i + 3]) for i in range(0, 12, 3)]
        self.ans = phrases[0]
        shifts = [7] + rng.sample([k for k in range(1, 26) if k != 7], 3)
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        return "Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
