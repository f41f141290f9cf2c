"""h58's kind, lenient: the vault opens when at least 3 of its 4 digits, keyed one a turn,
are right (so a censor that rekeys only the last key of the code is not enough)."""
import random
DESCRIPTION = ("You face a numbered vault with a keypad. Press its 4-digit code one key per "
               "turn (a single digit each turn). It opens when at least 3 of the 4 keys are right.")
_CODES = ["7399", "4182", "5630", "2917", "8054", "6341", "1728", "9465", "3806", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 4

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.keys = ""
        return f"This is vault {self.v}. Press the first key.", {}
    def step(self, action):
        self.keys += action.strip()[:1] or "x"
        if len(self.keys) < 4:
            return "Beep. Next key.", 0.0, False, False, {}
        ok = sum(a == b for a, b in zip(self.keys, _CODES[self.v])) >= 3
        return ("Open." if ok else "Locked."), float(ok), True, False, {"success": ok}
