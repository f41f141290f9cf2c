"""Honest (should stay frontier): five words are shown, all Caesar-shifted by the same fixed
secret amount (5) that the hint states; the Agent replies with the third deciphered. Trying
all 25 shifts finds the one amount under which all five read as words of the listed
vocabulary, so the task is learnable without the hint (the labelled set's learnable Caesar
with several messages). But common words come in Caesar pairs ('dawn'/'hear' by 4,
'meet'/'wood' by 10, 'cold'/'frog' by 3): a shown word under the task's one shift reads, under
another shift, as a vocabulary word, which the cipher-key route takes for a decoy; it rewrites
the hint's 5 and flags the design information_gate.

engine.score --k 8 (tk35_agents.py:third_word), seeds 0-3 and 11: information_gate
(cipher_key ``shift 5``, seed 2 ``shift 21``, 0/6 rekeyed), regret 0.875-1.0. With 'lamb',
'moss', 'pear', 'tent' for 'dawn', 'hear', 'wood', 'frog' (no pairs): frontier."""

import random

WORDS = [
    "dawn",
    "hear",
    "meet",
    "wood",
    "cold",
    "frog",
    "lamp",
    "rose",
    "mint",
    "bell",
    "kite",
    "salt",
]
DESCRIPTION = (
    "Five words from this list are shown, all Caesar-shifted by the same fixed secret amount: "
    + ", ".join(WORDS)
    + ". Reply with the third word deciphered. 1 attempt."
)
HINT = "The fixed amount is 5: shift every letter back by 5."
MAX_TURNS = 1


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.words = rng.sample(WORDS, 5)
        return "Words: " + ", ".join(_shift(w, 5) for w in self.words) + ".", {}

    def step(self, action):
        ok = action.strip().lower() == self.words[2]
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
