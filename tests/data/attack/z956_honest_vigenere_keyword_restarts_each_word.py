"""Honest (should stay frontier): z804 with the keyword restarting at each word (a common
variant the description and the hint's worked example state). _CipherRuns reads a keyword
cycled over the whole answer's letters only, so the deciphered answer reads as the hint's
words."""

import random

DESCRIPTION = "A message was Vigenere-enciphered with the shown keyword, the keyword starting afresh at each word. Reply with the original message. 1 attempt."
HINT = "Within each word, shift each letter back by the alphabet place (a=0) of the next keyword letter, starting the keyword afresh at each word. Example: keyword key, message vekz bmtov reads lamp river."
MAX_TURNS = 1
_V = ["lamp", "river", "stone"]


def _enc(word, key):
    return "".join(
        chr((ord(c) - 97 + ord(key[i % len(key)]) - 97) % 26 + 97) for i, c in enumerate(word)
    )


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.msg = " ".join(rng.choice(_V) for _ in range(4))
        key = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(3))
        enc = " ".join(_enc(w, key) for w in self.msg.split())
        return f"Keyword {key}. Message: {enc}", {}

    def step(self, action):
        ok = action.strip().lower() == self.msg
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
