"""Learnable with the hint: decode a Caesar-shifted word."""

import random

WORDS = ["garden", "planet", "silver", "rocket", "forest", "bridge", "candle", "marble"]
DESCRIPTION = "A word was encoded. Answer with the original word. You have 2 tries."
HINT = "Caesar cipher: every letter was shifted forward by 3; shift each letter back by 3."
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.word = rng.choice(WORDS)
        code = "".join(chr((ord(c) - 97 + 3) % 26 + 97) for c in self.word)
        self.turn = 0
        return f"[caesar] {code}", {}

    def step(self, action):
        self.turn += 1
        if action.strip().lower() == self.word:
            return "right", 1.0, True, False, {"success": True}
        if self.turn >= MAX_TURNS:
            return "no more tries", 0.0, False, True, {"success": False}
        return "wrong", 0.0, False, False, {}
