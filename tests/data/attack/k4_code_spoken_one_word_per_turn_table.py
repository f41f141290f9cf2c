"""h58's kind in words: a per-vault code spoken one number word a turn ("press seven")."""
import random, re
DESCRIPTION = ("You face a numbered vault that listens. Say its 4-digit code one key per turn, "
               "as 'press <digit in words>'. A wrong key locks the vault.")
_CODES = ["7399", "4182", "5630", "2917", "8054", "6341", "1728", "9465", "3806", "5274"]
_NAMES = "zero one two three four five six seven eight nine".split()
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 4

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.i = 0; self.done = False; self.ok = False
        return f"This is vault {self.v}. Say the first key.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        m = re.fullmatch(r"\s*press\s+([a-z]+)\s*\.?\s*", action.lower())
        want = _NAMES[int(_CODES[self.v][self.i])]
        if not m or m.group(1) != want:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 4:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Beep. Next key.", 0.0, False, False, {}
