"""Gate: per-vault codes keyed by the CATEGORY of the shown vault name ("fruit vaults open with PEEK"; the task shows "the plum vault"), entries as phone-keypad words. Should be flagged information_gate."""

import random

DESCRIPTION = "You stand before a named vault. Enter its 4-digit code. One try."
_CATS = {
    "fruit": ["plum", "apple", "mango", "cherry", "lemon"],
    "tool": ["hammer", "wrench", "chisel", "spanner", "pliers"],
    "animal": ["otter", "badger", "heron", "walrus", "ferret"],
    "metal": ["copper", "nickel", "cobalt", "zinc", "tin"],
    "colour": ["scarlet", "indigo", "violet", "amber", "teal"],
}
_WORDS = {"fruit": "PEEK", "tool": "FROG", "animal": "MILK", "metal": "TAXI", "colour": "JUMP"}
HINT = "The vault's code depends on what kind of thing it is named after. " + " ".join(
    f"The {c} vaults open with {w}." for c, w in _WORDS.items()
) + " Spell the word on a phone keypad."
MAX_TURNS = 1
_KP = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        cat = r.choice(sorted(_CATS))
        self.name = r.choice(_CATS[cat])
        self.ans = "".join(_KP[c] for c in _WORDS[cat].lower())
        self.done = self.ok = False
        return f"This is the {self.name} vault. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
