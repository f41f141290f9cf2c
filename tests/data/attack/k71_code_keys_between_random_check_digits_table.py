"""h58's kind with security checks between the keys: after each right digit the vault, at
seed-drawn turns, shows a check digit to type back ('Check: type 5.'), so the keys lie among
digits that are neither every piece nor every other one."""

import random

DESCRIPTION = (
    "You face a numbered vault. Key its 4-digit code one digit per turn. Now and then the "
    "vault asks for a check digit it shows; type that digit back. A wrong digit locks it."
)
_CODES = ["7398", "4182", "5639", "2917", "8154", "6341", "1728", "9465", "3826", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 12


class Env:
    def reset(self, seed=None, options=None):
        self.r = random.Random(seed)
        self.v = self.r.randrange(len(_CODES))
        self.i = 0
        self.check = None
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Key the first digit.", {}

    def _lock(self):
        self.done = True
        return "Locked.", 0.0, True, False, {"success": False}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        said = action.strip().strip(".!")
        if self.check is not None:
            if said != self.check:
                return self._lock()
            self.check = None
            return "Checked. Key the next digit.", 0.0, False, False, {}
        if said != _CODES[self.v][self.i]:
            return self._lock()
        self.i += 1
        if self.i == 4:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.r.random() < 0.5:
            self.check = str(self.r.randint(1, 9))
            return f"Check: type {self.check}.", 0.0, False, False, {}
        return "Key the next digit.", 0.0, False, False, {}
