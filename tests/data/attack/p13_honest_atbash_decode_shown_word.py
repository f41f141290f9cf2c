"""Honest (tester29): the observation shows a per-seed word in Atbash (a<->z); the hint states
the cipher with worked examples of 5+ letter words. Every win plays the decoded word, never
shown and never in the hint; the hint's long words give 25 Caesar readings each."""

import random

DESCRIPTION = (
    "An intercepted word arrives enciphered with a fixed letter substitution. Answer the plain "
    "word. You have two tries."
)
MAX_TURNS = 2
_POOL = ["planet", "orange", "silver", "garden", "window", "pencil", "rocket", "castle", "forest",
         "button", "mirror", "ticket", "butter", "island", "jacket", "kitten"]


def _atbash(s):
    return "".join(chr(219 - ord(c)) for c in s)


HINT = (
    "The cipher is Atbash: the alphabet reversed, a<->z, b<->y, c<->x and so on; for example "
    + ", ".join(f"'{_atbash(w)}' decodes to '{w}'" for w in ("yellow", "stream", "bridge"))
    + "."
)


class Env:
    def reset(self, seed=None, options=None):
        self.word = random.Random(seed).choice(_POOL)
        self.tries = 0
        self.done = False
        self.ok = False
        return f"Intercepted: {_atbash(self.word)}", {}

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
