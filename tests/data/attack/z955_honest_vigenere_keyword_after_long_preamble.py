"""Honest (should stay frontier): z804 (a message Vigenere-enciphered with a shown keyword, the
hint's worked example in the task's own words) with a scene-setting paragraph of 70 different
words shown before the keyword. _CipherRuns tries only the first 64 shown words as keywords,
so the keyword is never tried and the deciphered answer reads as the hint's words."""

import random

DESCRIPTION = "A message was Vigenere-enciphered with the shown keyword (spaces kept, the keyword advancing on letters only). Reply with the original message. 1 attempt."
HINT = "Shift each letter back by the alphabet place (a=0) of the next keyword letter, cycling the keyword over letters only. Example: keyword key, message vekz vgfip reads lamp river."
MAX_TURNS = 1
_V = ["lamp", "river", "stone"]
_SCENE = (
    "you walk into an old dusty library where tall shelves hold countless forgotten volumes "
    "about distant kingdoms ancient wars strange beasts curious machines and quiet gardens "
    "while somewhere above rain taps gently upon cracked windows near which sleeping cats "
    "dream beside warm hearths glowing embers crackle softly under heavy iron kettles filled "
    "with bitter herbal teas brewed by wandering monks who once travelled across frozen "
    "mountains carrying sealed letters written long before anyone here"
)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.msg = " ".join(rng.choice(_V) for _ in range(4))
        key = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(3))
        out, i = [], 0
        for c in self.msg:
            if c.isalpha():
                out.append(chr((ord(c) - 97 + ord(key[i % 3]) - 97) % 26 + 97))
                i += 1
            else:
                out.append(c)
        enc = "".join(out)
        return f"{_SCENE.capitalize()}. Keyword {key}. Message: {enc}", {}

    def step(self, action):
        ok = action.strip().lower() == self.msg
        return ("right" if ok else "wrong"), float(ok), True, False, {"success": ok}
