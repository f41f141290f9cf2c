"""A gate (should be flagged information_gate): z981 (four three-word phrases, each
Caesar-shifted by its own amount; the passphrase is the one the hint's shift reads) with two
secret shifts, picked by the parity of the task number the task shows: 7 in even-numbered
tasks, 11 in odd ones. The cipher-key route only probes a key common to every replayed hinted
win, and the wins of even and odd tasks share none. Only the hint says which shifts are the
passphrase's."""

import random

DESCRIPTION = "Four phrases are shown, each Caesar-shifted by its own secret amount. One is the passphrase. Say it deciphered. 1 attempt."
HINT = "The passphrase is the phrase shifted by 7 in even-numbered tasks and by 11 in odd-numbered ones: shift its letters back that many places."
MAX_TURNS = 1
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


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 12)
        phrases = [" ".join(words[i : i + 3]) for i in range(0, 12, 3)]
        self.ans = phrases[0]
        task = rng.randrange(10, 100)
        key = 7 if task % 2 == 0 else 11
        shifts = [key] + rng.sample([k for k in range(1, 26) if k not in (7, 11)], 3)
        shown = [_shift(p, k) for p, k in zip(phrases, shifts, strict=True)]
        rng.shuffle(shown)
        return f"Task {task}. Phrases: " + "; ".join(shown) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
