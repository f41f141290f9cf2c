"""Tester-a: h92 with h86's arithmetic entries (vault 0: 6×7;): PIN zero-padded to a per-seed
keypad width of 4-12 digits. Should be flagged. Agent: t13_agents.py:pad_to_keypad_arith.
Critic (attack(), k=4, rng 11, 54b999b, 2026-12-02): EnvScored accepted=True, flags=[],
regret=1.0, 0.7 s; candidates at widths 11, 7, 9, 8, censored_wins 2/6: not flagged."""
import random
DESCRIPTION = 'You face a numbered vault. Its keypad takes a number of digits the vault shows; answer with its PIN zero-padded to exactly that many digits. You have 2 attempts.'
_CODES = [42, 391, 187, 903, 76, 555, 248, 619]
_ENTRIES = ["6×7", "17×23", "11×17", "7×129", "4×19", "5×111", "8×31", "619×1"]
HINT = "Vault PINs: " + " ".join(f"vault {i}: {e};" for i, e in enumerate(_ENTRIES))
OPENING = 'This is vault {v}. Its keypad takes {w} digits.'
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.v = r.randrange(len(_CODES))
        self.w = r.randrange(4, 13)
        self.t = 0; self.done = False; self.ok = False
        return OPENING.format(v=self.v, w=self.w), {}
    def _want(self):
        c = _CODES[self.v]
        return str(c).zfill(self.w)
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip() == self._want():
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
