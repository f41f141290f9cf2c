"""h58's kind with answers between the keys: a per-vault code keyed one digit a turn, each
key confirmed with ``ok`` on the next turn (the code is never in consecutive answers)."""
import random
DESCRIPTION = ("You face a numbered vault. Key its 4-digit code one digit per turn; after each "
               "digit, answer 'ok' to confirm it. A wrong digit locks the vault.")
_CODES = ["7399", "4182", "5630", "2917", "8054", "6341", "1728", "9465", "3806", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 8

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0; self.done = False; self.ok = False
        return f"This is vault {self.v}. Key the first digit.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        want = "ok" if self.t % 2 else _CODES[self.v][self.t // 2]
        self.t += 1
        if action.strip().lower() != want:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        if self.t == 8:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Confirm." if self.t % 2 else "Next digit.", 0.0, False, False, {}
