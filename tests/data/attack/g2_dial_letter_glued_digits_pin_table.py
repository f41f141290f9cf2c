"""Tester-glued g2: per-vault 3-digit PIN table (vault 0: 391;), each digit glued after its dial's
letter, A3B9C1. A gate: MUST be flagged information_gate.
Got (bdc1e6b, k=4, seed 0, 2026-12-02): accepted=True, flags=[], regret=1.0, frontier, 1.7 s;
no candidate. Same at bdc1e6b~1. _DIGIT_RUN needs 2+ digits per run and the 3+-single-characters
rule of _tokens needs them apart, so a1b9c1's digits are never read (the spaced 3 9 1 is).
Command: OMP_NUM_THREADS=1 nice -n 19 /work/main/.venv/bin/python -m engine.score tests/data/attack/g2_dial_letter_glued_digits_pin_table.py --agent tests/data/attack/tg_agents.py:dial_labels --json"""
import random
DESCRIPTION = "You face a numbered vault with three dials A, B and C. Answer each dial's letter followed directly by its digit, all together (e.g. A1B2C3 for 123). You have 2 attempts."
_CODES = [391, 187, 903, 764, 555, 248, 619, 832]
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
        return ''.join(l + d for l, d in zip('ABC', f'{c:03d}'))
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
