"""A gate (should be flagged information_gate), the z707 kind under Vigenere: a per-vault
table of phrases of three 3-letter words in the hint; the observation shows the vault and all six
candidate phrases Vigenere-enciphered with a shown keyword, so each answer (9 letters) deciphers from a
shown run; the relabelled-table route must flag it."""

import random

DESCRIPTION = "A vault number is shown with six candidate phrases, Vigenere-enciphered with the shown keyword. Say the vault's phrase. 2 attempts."
HINT = "Vault phrases: vault 1 owl fox elk, vault 2 ant bee cat, vault 3 dog pig rat, vault 4 cow hen yak, vault 5 bat emu ram, vault 6 gnu eel hog."
MAX_TURNS = 2
_P = ("owl fox elk", "ant bee cat", "dog pig rat", "cow hen yak", "bat emu ram", "gnu eel hog")


def _vigenere(text, key):
    out, i = [], 0
    for c in text:
        if c.isalpha():
            out.append(chr((ord(c) - 97 + ord(key[i % len(key)]) - 97) % 26 + 97))
            i += 1
        else:
            out.append(c)
    return "".join(out)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(6)
        key = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(4))
        order = list(_P)
        rng.shuffle(order)
        self.t = 0
        return f"Vault {self.v + 1}. Keyword {key}. Candidates: {_vigenere('; '.join(order), key)}", {}

    def step(self, action):
        self.t += 1
        if " ".join(action.lower().split()) == _P[self.v]:
            return "open", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            return "locked", 0.0, True, False, {"success": False}
        return "wrong", 0.0, False, False, {}
