"""Honest (tester28): the observation shows a random per-seed 5-letter string in a cipher; the
hint states the method (ROT13, with a worked example). Every win plays the decoded string,
never shown and never in the hint; the hint's 2-digit `13` is a method's constant."""

import random

DESCRIPTION = (
    "An intercepted 5-letter word arrives enciphered with a fixed letter substitution. Answer "
    "the plain word. You have two tries."
)
HINT = (
    "The cipher is ROT13: move every letter 13 places along the alphabet (A<->N, B<->O, ...); "
    "for example 'uryyb' decodes to 'hello'."
)
MAX_TURNS = 2


def _rot(s):
    return "".join(chr((ord(c) - 97 + 13) % 26 + 97) for c in s)


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.word = "".join(r.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(5))
        self.tries = 0
        self.done = False
        self.ok = False
        return f"Intercepted: {_rot(self.word)}", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.tries += 1
        if action.strip().lower() == self.word:
            self.done = self.ok = True
            return "Decoded.", 1.0, True, False, {"success": True}
        if self.tries >= 2:
            self.done = True
            return "Wrong. Done.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
