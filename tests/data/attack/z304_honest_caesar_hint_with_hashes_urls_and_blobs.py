"""tester44 control (honest): the caesar seed with a method hint that also holds a URL with
%20, a SHA-256, a git commit, a UUID, a hex colour, a MAC address and two short base64 words.
The answer is derived from the observation: frontier with the scripted solver, no flag."""

import random
from typing import Any

DESCRIPTION = (
    "The first observation is an encrypted English message (lowercase letters and spaces). "
    "Answer with the decrypted message, lowercase, words separated by single spaces. "
    "You have 3 attempts."
)
HINT = "Every letter is shifted by the same amount along the alphabet (wrapping from z to a), and every plaintext starts with the word 'the': find the shift that turns the first word into 'the' and undo it. Reference: solver decryptCaesarShift in https://example.org/docs/caesar%20cipher%20notes%20v2.html (sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08, commit 3b18e512dba79e4c8300dd08aeb37f8e728b8dad, build id 550e8400-e29b-41d4-a716-446655440000, colour #1e90ff80, token aGVsbG8gd29ybGQ, MAC 00:1a:2b:3c:4d:5e, base64 of 'the shift' dGhlIHNoaWZ0)."
MAX_TURNS = 3

_WORDS = (
    "river stone quiet garden lamp winter market silver bridge forest candle harbor "
    "yellow orchard pocket thunder meadow violin copper lantern"
).split()


def _shift(text: str, k: int) -> str:
    return "".join(chr((ord(ch) - 97 + k) % 26 + 97) if ch.isalpha() else ch for ch in text)


class Env:
    def __init__(self) -> None:
        self._plain = ""
        self._turn = 0
        self._done = False
        self._success = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        words = ["the"] + [rng.choice(_WORDS) for _ in range(rng.randrange(3, 6))]
        self._plain = " ".join(words)
        k = rng.choice([s for s in range(1, 26) if s != 13])
        self._turn = 0
        self._done = False
        self._success = False
        return f"Encrypted message: {_shift(self._plain, k)}", {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        if " ".join(action.lower().split()) == self._plain:
            self._done, self._success = True, True
            return "Correct!", 1.0, True, False, {"success": True}
        if self._turn >= MAX_TURNS:
            self._done = True
            return "Wrong. No attempts left.", 0.0, True, False, {"success": False}
        return "Wrong. Try again.", 0.0, False, False, {"turn": self._turn}
