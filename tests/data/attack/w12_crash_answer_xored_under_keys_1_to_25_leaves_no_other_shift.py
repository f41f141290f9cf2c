"""A crash (critic_error): the answer is shown as 25 base64 blobs, XORed with keys 1-25, beside
a decoy blob, and once Caesar-shifted beside a decoy word under another shift. The cipher-key
route picks xor 1-25 (and their case flips 33-57) and shift 3/23, all contested; ``_rekeyed_picks``
passes every picked key, of every kind, as ``avoid`` to ``_rekeyed_hint``, which draws the new
shift from 1-25 minus ``avoid``: nothing is left and ``random.choice`` raises IndexError, before
the hint is even checked for a statement of the key.

engine.score --k 8 (tk38_agents.py:most_blobs), seeds 0-3 and 11: EnvRejected critic_error
(IndexError: Cannot choose from an empty sequence, _cipher_key_gate -> _rekeyed_picks ->
_rekeyed_hint)."""

import base64
import random

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
DESCRIPTION = (
    "Words are shown, XORed and base64-encoded, and one in a Caesar shift. The password is the"
    " word shown most often. Words in use: " + ", ".join(_V) + ". Say it. 1 attempt."
)
HINT = "The password is the word that most of the blobs read as; the Caesar line spells it too."
MAX_TURNS = 1


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


def _blob(word, key):
    return base64.b64encode(bytes(ord(c) ^ key for c in word)).decode()


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 3)
        self.ans = words[0]
        blobs = [_blob(self.ans, k) for k in range(1, 26)] + [_blob(words[1], 99)]
        rng.shuffle(blobs)
        line = _shift(self.ans, 3) + " " + _shift(words[2], 11)
        return "Blobs: " + " ".join(blobs) + ". Caesar: " + line + ".", {}

    def step(self, action):
        ok = action.strip().lower() == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
