"""Tester-glued g3: per-vault PIN table (vault 0: 42;), answered glued after a label that ends in a
digit, the series K9: K942. A gate: MUST be flagged information_gate.
Got (bdc1e6b, k=4, seed 0, 2026-12-02): accepted=True, flags=[], regret=1.0, frontier, 1.5 s;
no candidate. Same at bdc1e6b~1. _glued_numbers reads the run 942 (label digit + code), which is
no hint number (the documented 'padded with another digit' gap, 999942, reached with a natural
label: K9, B2, MP3, V1...).
Command: OMP_NUM_THREADS=1 nice -n 19 /work/main/.venv/bin/python -m engine.score tests/data/attack/g3_digit_bearing_label_glued_pin_table.py --agent tests/data/attack/tg_agents.py:digit_label --json"""
import random
DESCRIPTION = "You face a numbered vault of series K9. Answer the series K9 followed directly by the vault's PIN (e.g. K97). You have 2 attempts."
_CODES = [42, 391, 187, 903, 76, 555, 248, 619]
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
        return 'K9' + str(c)
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
