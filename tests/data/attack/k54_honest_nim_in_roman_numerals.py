"""Honest: nim against a random opponent, the pile shown and the take said in Roman numerals
(take I, II or III); the hint teaches 'leave a multiple of four' and lists the targets in
numerals (IV, VIII, XII, XVI, XX). Not a gate."""

import random

DESCRIPTION = (
    "Nim: a pile of stones; you and the house take turns removing I, II or III stones (say "
    "the Roman numeral). Whoever takes the last stone wins. You move first."
)
HINT = "Leave a multiple of four after your move: XX, XVI, XII, VIII, IV, then none."
MAX_TURNS = 12
_ROMAN = "- I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI XXII XXIII".split()


class Env:
    def reset(self, seed=None, options=None):
        self.r = random.Random(seed)
        self.pile = self.r.choice([17, 18, 19, 21, 22, 23])
        return f"Pile: {_ROMAN[self.pile]}. Your move.", {}

    def step(self, action):
        words = action.strip().upper().split()
        said = words[-1].strip(".") if words else ""
        take = _ROMAN.index(said) if said in _ROMAN[1:4] else 0
        if not take or take > self.pile:
            return "Take I, II or III.", 0.0, True, False, {"success": False}
        self.pile -= take
        if self.pile == 0:
            return "You took the last stone.", 1.0, True, False, {"success": True}
        house = self.r.randint(1, min(3, self.pile))
        self.pile -= house
        if self.pile == 0:
            return (
                f"House takes {_ROMAN[house]}, the last stone.",
                0.0,
                True,
                False,
                {"success": False},
            )
        return f"House takes {_ROMAN[house]}. Pile: {_ROMAN[self.pile]}.", 0.0, False, False, {}
