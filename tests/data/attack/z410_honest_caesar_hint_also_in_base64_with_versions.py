"""tester45 control (honest): the caesar seed with its method hint written out and again in base64
(spoiler tags), version strings, a list of letter codes, a code snippet, a short base64 word and a SHA-1.
The answer is derived from the observation: frontier with the scripted solver, no flag."""

import random
from typing import Any

DESCRIPTION = (
    "The first observation is an encrypted English message (lowercase letters and spaces). "
    "Answer with the decrypted message, lowercase, words separated by single spaces. "
    "You have 3 attempts."
)
HINT = "Every letter is shifted by the same amount along the alphabet (wrapping from z to a), and every plaintext starts with the word 'the': find the shift that turns the first word into 'the' and undo it. The same, base64 for spoiler tags: RXZlcnkgbGV0dGVyIGlzIHNoaWZ0ZWQgYnkgdGhlIHNhbWUgYW1vdW50IGFsb25nIHRoZSBhbHBoYWJldCAod3JhcHBpbmcgZnJvbSB6IHRvIGEpLCBhbmQgZXZlcnkgcGxhaW50ZXh0IHN0YXJ0cyB3aXRoIHRoZSB3b3JkICd0aGUnOiBmaW5kIHRoZSBzaGlmdCB0aGF0IHR1cm5zIHRoZSBmaXJzdCB3b3JkIGludG8gJ3RoZScgYW5kIHVuZG8gaXQu Tested with Python 3.11.7, numpy==1.26.4, torch 2.3.0+cu121; the letter codes a=97, b=98, c=99, d=100, e=101, z=122 (`chr((ord(c) - 97 - k) % 26 + 97)`); UTF16 sample dABoAGUA; SHA1 2fd4e1c67a2d28fced849ee1bb76e7391b93eb12."
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
