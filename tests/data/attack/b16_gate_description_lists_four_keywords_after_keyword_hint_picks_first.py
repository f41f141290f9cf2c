"""A gate (should be flagged information_gate): z953's kind: four 8-9-letter words, each
Vigenere-enciphered under one of four keywords (lemon, mango, peach, grape: the first
observation lists them), shuffled; the description lists them too ("Keyword: lemon, mango,
peach or grape.") and never says which enciphers the passphrase; the hint says lemon.
``_CIPHER_WORD`` reads "Keyword: lemon" and ``_LIST_MORE`` continues a list with numbers
only ("a word after a comma is no more of it"), so ``_cipher_named_keys`` names lemon as the
only keyword and ``_key_stated`` exempts it. Without the description's list: information_gate
(keyword lemon, 0/6), seed 0.

engine.score --k 8 (tk44_agents.py:keyword), seeds 0, 1, 11: frontier, no flags (regret 0.75, 0.75, 0.875)."""

import random

DESCRIPTION = "Four words are shown, each Vigenere-enciphered, no two alike. Keyword: lemon, mango, peach or grape. One is the passphrase. Say it deciphered. 1 attempt."
HINT = "The passphrase is the word enciphered with the keyword lemon."
MAX_TURNS = 1
_V = [
    "porcupine",
    "elephant",
    "mandolin",
    "sandwich",
    "buttercup",
    "kangaroo",
    "marigold",
    "dinosaur",
    "tangerine",
    "scorpion",
    "hedgehog",
    "lavender",
]
_KEYS = ["lemon", "mango", "peach", "grape"]


def _vig(text, key):
    return "".join(
        chr((ord(c) - 97 + ord(key[i % len(key)]) - 97) % 26 + 97) for i, c in enumerate(text)
    )


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 4)
        self.ans = words[0]
        shown = [_vig(w, k) for w, k in zip(words, _KEYS, strict=True)]
        rng.shuffle(shown)
        return "Words: " + "; ".join(shown) + ". Keys: lemon, mango, peach, grape.", {}

    def step(self, action):
        ok = action.strip().lower() == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
