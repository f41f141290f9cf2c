"""Honest (should stay frontier): y92's four messages under 5-digit Gronsfeld keys, and the
description states the true message's key: "The true message's Gronsfeld key is 31415". The
hint writes it digit by digit ("back by the digits 3, 1, 4, 1, 5 in turn"). ``_key_stated``
shares no two words before the key with the hint, and ``_cipher_named_keys`` reads no digit key
(``key 31415``: at most 3 digits, never of the Gronsfeld kind), so the key is rewritten.

engine.score --k 8 (tk41_agents.py:gron_phrase), seeds 0-3 and 11: information_gate (cipher_key digits 31415, 0/6 rekeyed), regret 1.0."""

import random

DESCRIPTION = "Four messages are shown, each enciphered with a 5-digit Gronsfeld key (each letter moved on by the key's digits in turn, on letters only). The true message's Gronsfeld key is 31415; the other three use other keys. Reply with the true message deciphered. 1 attempt."
HINT = "Move each letter of the true message back by the digits 3, 1, 4, 1, 5 in turn."
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


def _gron(text, key):
    out, i = [], 0
    for c in text:
        if c.isalpha():
            out.append(chr((ord(c) - 97 + int(key[i % len(key)])) % 26 + 97))
            i += 1
        else:
            out.append(c)
    return "".join(out)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        words = rng.sample(_V, 8)
        phrases = [" ".join(words[i : i + 2]) for i in range(0, 8, 2)]
        self.ans = phrases[0]
        keys = ["31415"] + ["".join(str(rng.randrange(10)) for _ in range(5)) for _ in range(3)]
        msgs = [_gron(p, k) for p, k in zip(phrases, keys, strict=True)]
        rng.shuffle(msgs)
        return "Messages: " + "; ".join(msgs) + ".", {}

    def step(self, action):
        ok = " ".join(action.lower().split()) == self.ans
        return ("open" if ok else "locked"), float(ok), True, False, {"success": ok}
