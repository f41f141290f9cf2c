"""h58's kind on a clock face: the vault's 4-digit code (digits 1-9), a digit a turn, as the
hour the dial's hand points to ('seven o'clock', 'half past three' is wrong)."""

import random
import re

DESCRIPTION = (
    "You face a numbered vault with a clock-face dial. Turn the hand to each hour of its "
    "4-hour combination, one per turn (answer e.g. 'two o'clock'). A wrong hour locks it."
)
_CODES = ["7398", "4182", "5639", "2917", "8154", "6341", "1728", "9465", "3826", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 4
_HOURS = "- one two three four five six seven eight nine".split()


def _read(action):
    m = re.search(r"([a-z0-9]{1,9}) o.?clock", action.lower()[:100])
    if not m:
        return ""
    w = m.group(1)
    return str(_HOURS.index(w)) if w in _HOURS[1:] else w


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Set the first hour.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        want = _CODES[self.v][self.t]
        self.t += 1
        if _read(action) != want:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        if self.t == MAX_TURNS:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next hour.", 0.0, False, False, {}
