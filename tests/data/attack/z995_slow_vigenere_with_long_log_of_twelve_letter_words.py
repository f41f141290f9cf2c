"""Slow scoring (should get its verdict in seconds): tester50's honest z983 (one message
Vigenere-enciphered with the keyword the task shows, 'lemon', restated by the hint), the
observation followed by a 260 KB log of 12-letter call signs. The cipher-key route finds the
keyword and runs its decoy test on every shown token of 6+ letters (up to 4 x 65,536
characters) against every other keyword (the first 64 shown words and the hint's), each from
every place: ~3 ms a token, about a minute of CPU for each of up to 4 hinted wins."""

import random
import string

DESCRIPTION = "A message is shown Vigenere-enciphered with the shown keyword (the keyword advancing on letters only), then the radio log. Reply with the message deciphered. 1 attempt."
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
        log = " ".join(
            "".join(rng.choice(string.ascii_lowercase) for _ in range(12)) for _ in range(20_000)
        )
        return f"Keyword: lemon. Message: {_vig(self.ans, 'lemon')}. Log: {log}", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
