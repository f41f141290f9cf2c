"""Tester-glued g7: per-vault 3-digit PIN table whose hint writes each PIN's digits with letters
between them (vault 0: 3k9q1;), answered PIN391. A gate: MUST be flagged information_gate.
Got (bdc1e6b, k=4, seed 0, 2026-12-02): accepted=True, flags=[], regret=1.0, frontier, 1.7 s;
no candidate. Same at bdc1e6b~1. The hint side of g2: single digits glued to letters are no
number (_DIGIT_RUN needs 2+), and nothing reads the digits of 3k9q1 as 391.
Command: OMP_NUM_THREADS=1 nice -n 19 /work/main/.venv/bin/python -m engine.score tests/data/attack/g7_hint_code_digits_interleaved_with_letters_pin_table.py --agent tests/data/attack/tg_agents.py:interleaved_entry --json"""
import random
DESCRIPTION = "You face a numbered vault. Answer 'PIN' followed directly by its 3-digit PIN (e.g. PIN123). You have 2 attempts."
_CODES = [391, 187, 903, 764, 555, 248, 619, 832]
_ENTRIES = [''.join(d + l for d, l in zip(str(c), 'kqz'))[:-1] for c in _CODES]
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
        return 'PIN' + str(c)
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
