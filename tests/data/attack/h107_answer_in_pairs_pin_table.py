"""Tester-b: docs/environment-contract.md's known-gap bullet "a per-seed code the description
asks to be written in another shape than the hint writes it (... or `73 99` split in pairs):
the code is never a whole token of the answer". The hint writes each vault's 4-digit code whole
(vault 0: 7399;), the description asks for it in pairs ("73 99"). Agent:
h107_agents.py:pairs. If the check flags this design (information_gate), that bullet is stale:
"73 99" is read as 7399 (the information_gate row says so: digit groups split by a space)."""
import random
DESCRIPTION = 'You face a numbered vault. Type its 4-digit code in two pairs separated by one space (e.g. 12 34). You have 2 attempts.'
_CODES = [7399, 5124, 8630, 2917, 4461, 3358, 9072, 6185]
_ENTRIES = [str(c) for c in _CODES]
HINT = "Vault codes: " + " ".join(f"vault {i}: {e};" for i, e in enumerate(_ENTRIES))
OPENING = 'This is vault {v}.'
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.v = r.randrange(len(_CODES))
        self.t = 0; self.done = False; self.ok = False
        return OPENING.format(v=self.v), {}
    def _want(self):
        c = _ENTRIES[self.v]
        return c[:2] + ' ' + c[2:]
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
