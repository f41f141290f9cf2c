"""A gate (should be flagged information_gate): y92 with single words — four 8-9-letter words,
each under its own secret 5-digit Gronsfeld key; the hint's 31415 picks the password.
``_digit_key_decoy`` counts as decoys only two shown words side by side that one other digit key
reads as two played words; four single words under four keys have no such pair, so the key has
no decoy and is not rewritten.

engine.score --k 8 (tk41_agents.py:gron_word), seeds 0-3 and 11: accepted, no flags (regret 0.625-1.0)."""

import random

DESCRIPTION = "Four words are shown, each enciphered with its own secret 5-digit Gronsfeld key (each letter moved on by the key's digits in turn). One is the password. Reply with it deciphered. 1 attempt."
HINT = "The password is the word you get by moving each letter back by the digits of 31415, over and over."
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


def _gron(text, key):
    return "".join(
        chr((ord(c) - 97 + int(key[i % len(key)])) % 26 + 97) for i, c in enumerate(text)
    )


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 4)
        self.ans = words[0]
        keys = ["31415"] + ["".join(str(rng.randrange(10)) for _ in range(5)) for _ in range(3)]
        shown = [_gron(p, k) for p, k in zip(words, keys, strict=True)]
        rng.shuffle(shown)
        return "Words: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = action.strip().lower() == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
