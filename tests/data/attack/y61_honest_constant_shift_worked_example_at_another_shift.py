"""Honest (should stay frontier): the labelled set's learnable Caesar (a constant shift of 3
that the hint states; trying all 25 shifts finds the word), but each task first shows a worked
example of the cipher: another vocabulary word under another, random shift, with that shift
written beside it. The example's word read under the example's shift is a 'decoy' to the
cipher-key route, which rewrites the hint's 3 and flags the design information_gate.

engine.score --k 8 (tk35_agents.py:decode_marked), seeds 0-3 and 11: information_gate
(cipher_key ``shift 3``, 0/6 rekeyed), regret 0.75-1.0. Without the example line: frontier."""

import random

WORDS = [
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
DESCRIPTION = (
    "A secret word is Caesar-shifted by a fixed secret amount. Each task first shows a worked "
    "example of a Caesar shift (a word and the amount it was shifted by, not the secret one). "
    "Answer with the secret word deciphered. You have 2 tries. Words in use: " + ", ".join(WORDS)
)
HINT = "The secret amount is 3: shift each letter of the word back by 3."
MAX_TURNS = 2


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.word, example = rng.sample(WORDS, 2)
        k = rng.choice([k for k in range(1, 26) if k not in (3, 23)])
        self.turn = 0
        obs = (
            f"Example: {example} shifted by {k} is {_shift(example, k)}. "
            f"Decode: {_shift(self.word, 3)}"
        )
        return obs, {}

    def step(self, action):
        self.turn += 1
        if action.strip().lower() == self.word:
            return "right", 1.0, True, False, {"success": True}
        if self.turn >= MAX_TURNS:
            return "no more tries", 0.0, False, True, {"success": False}
        return "wrong", 0.0, False, False, {}
