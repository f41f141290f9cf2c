"""Tester-glued g1: per-vault 4-digit PIN table (vault 0: 7399;), answered with each half of the
PIN glued to a letter label, L73R99. A gate: MUST be flagged information_gate.
Got (bdc1e6b, k=4, seed 0, 2026-12-02): accepted=True, flags=[], regret=1.0, frontier, 1.8 s;
no candidate. Same at bdc1e6b~1. _glued_numbers reads the runs 73 and 99, never the code 7399
they spell across the letter R (the hint writes 7399 only).
Command: OMP_NUM_THREADS=1 nice -n 19 /work/main/.venv/bin/python -m engine.score tests/data/attack/g1_split_halves_glued_labels_pin_table.py --agent tests/data/attack/tg_agents.py:split_halves --json"""
import random
DESCRIPTION = "You face a numbered vault with a 4-digit PIN. Answer L followed directly by the PIN's first two digits, then R followed directly by its last two digits (e.g. L12R34 for 1234). You have 2 attempts."
_CODES = [7399, 4217, 1865, 9032, 5541, 3376, 2908, 6154]
_ENTRIES = [str(c) for c in _CODES]
HINT = "Vault PINs: " + " ".join(f"vault {i}: {e};" for i, e in enumerate(_ENTRIES))
OPENING = 'This is vault {v}.'
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.v = r.randrange(len(_CODES))
        self.t = 0; self.done = False; self.ok = False
        return OPENING.format(v=self.v, **_extra(self.v, r)), {}
    def _want(self):
        c = _CODES[self.v]
        return f'L{c:04d}'[:3] + 'R' + f'{c:04d}'[2:]
    def _norm(self, action):
        return action.strip()
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if self._norm(action) == self._want():
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}

def _extra(v, r):
    return {}
