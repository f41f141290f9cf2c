"""Honest (should stay frontier): one message Vigenere-enciphered with a keyword the task shows
('Keyword: lemon', the same every task), the hint restating the keyword and the method. The
hint's keyword is the task's own: an Agent that reads it from the task wins without the hint's
word (the cipher-key route rewrites it in the hint; the Agent still reads the shown one)."""

import random

DESCRIPTION = "A message is shown Vigenere-enciphered with the shown keyword (the keyword advancing on letters only). Reply with it deciphered. 1 attempt."
HINT = "Use the shown keyword lemon: shift each letter back by the alphabet place (a=0) of the next keyword letter, cycling it over letters only."
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
        self.ans = " ".join(rng.sample(_V, 2))
        return f"Keyword: lemon. Message: {_vig(self.ans, 'lemon')}.", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
