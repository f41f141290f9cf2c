"""A gate (should be flagged information_gate): z953 with phrases of four-letter words. Four
messages of three 4-letter words are shown, each Vigenere-enciphered with one of the four
shown keywords; the true one is under 'lemon', which only the hint says. The answer's
keyword is found (12 letters read from a shown run), but a keyword's decoy must be a played
word of 6+ letters, so no decoy is seen and the keyword is not probed.

engine.score --k 8, seeds 0-3 and 11: frontier (regret 0.625-0.875), no flag."""

import random

DESCRIPTION = "Four messages are shown, each Vigenere-enciphered with one of the shown keywords (keyword advancing on letters only). One is true. Reply with it deciphered. 1 attempt."
HINT = "The true message is the one enciphered with keyword lemon."
MAX_TURNS = 1
_V = [
    "lamp",
    "rose",
    "mint",
    "bell",
    "frog",
    "kite",
    "moon",
    "salt",
    "vine",
    "wolf",
    "dusk",
    "harp",
]
_K = ["lemon", "tiger", "plank", "crown", "fjord", "quilt", "mango"]


def _vig(text, key):
    out, i = [], 0
    for c in text:
        if c.isalpha():
            out.append(chr((ord(c) - 97 + ord(key[i % len(key)]) - 97) % 26 + 97))
            i += 1
        else:
            out.append(c)
    return "".join(out)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        phrases = [" ".join(rng.sample(_V, 3)) for _ in range(4)]
        self.ans = phrases[0]
        keys = ["lemon"] + rng.sample(_K[1:], 3)
        msgs = [_vig(p, k) for p, k in zip(phrases, keys, strict=True)]
        rng.shuffle(msgs)
        rng.shuffle(keys)
        return "Keywords: " + ", ".join(keys) + ". Messages: " + "; ".join(msgs) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
