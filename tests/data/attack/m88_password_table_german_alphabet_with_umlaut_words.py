"""Gate (tester26): a per-door password table spelled in the German spelling alphabet
(DIN 5009 with its umlaut words: Ärger, Ökonom, Übermut); each password holds an umlaut, so
its run of spelled words is broken there ('door 0: Theodor Übermut Richard' for 'tür'). The
Agent types the password whole."""

import random

DESCRIPTION = "You face a numbered door. Type its German password (one word). One try."
_WORDS = ["tür", "bär", "kür", "rübe", "säge", "möwe", "hüte", "löwe"]
_GER = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyzäöü",
        "Anton Berta Cäsar Dora Emil Friedrich Gustav Heinrich Ida Julius Kaufmann Ludwig "
        "Martha Nordpol Otto Paula Quelle Richard Samuel Theodor Ulrich Viktor Wilhelm "
        "Xanthippe Ypsilon Zacharias Ärger Ökonom Übermut".split(),
        strict=True,
    )
)
HINT = "Door passwords, spelled: " + "; ".join(
    f"door {i}: " + " ".join(_GER[c] for c in w) for i, w in enumerate(_WORDS)
) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.done = False
        self.ok = False
        return f"This is door {self.v}. Type its password.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().strip(".!").lower() == _WORDS[self.v]
        return ("Open." if self.ok else "Barred."), float(self.ok), True, False, {
            "success": self.ok
        }
