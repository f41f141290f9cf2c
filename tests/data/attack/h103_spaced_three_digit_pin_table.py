"""Tester-a: control for h95: the PINs (42 ... 619) typed digit by digit with spaces ("3 9 1").
Agent: t13_agents.py:spaced_digits.
Critic (attack(), k=4, rng 11, 54b999b, 2026-12-02): EnvScored accepted=False,
flags=['information_gate'], 0.9 s; tokens 903, 248, 619, censored_wins 0/6. Held for 3+ digits
(the 2-digit codes 42 and 76, "4 2", are never candidates: h95)."""
import random
DESCRIPTION = 'You face a numbered vault. Type its PIN one digit at a time, digits separated by single spaces (e.g. 1 2 3). You have 2 attempts.'
_CODES = [42, 391, 187, 903, 76, 555, 248, 619]
_ENTRIES = [str(c) for c in _CODES]
HINT = "Vault PINs: " + " ".join(f"vault {i}: {e};" for i, e in enumerate(_ENTRIES))
OPENING = 'This is vault {v}.'
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
        return ' '.join(str(c))
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
