r"""Tester-glued g5: per-vault PIN table whose hint writes each PIN as arithmetic glued to the label
(vault 0: PIN6×7;), answered PIN42. A gate: MUST be flagged information_gate.
Got (bdc1e6b, k=4, seed 0, 2026-12-02): accepted=True, flags=[], regret=1.0, frontier, 1.8 s;
no candidate. Same at bdc1e6b~1. _OPERAND's lookbehind (?<![^\W\dxX]) refuses an operand glued
after a letter, so _hint_numbers never reads 42 from PIN6×7 (the spaced 'PIN 6×7' is read); the
played glued 42 is then no hint token.
Command: OMP_NUM_THREADS=1 nice -n 19 /work/main/.venv/bin/python -m engine.score tests/data/attack/g5_hint_arithmetic_glued_to_label_pin_table.py --agent tests/data/attack/tg_agents.py:label_entry --json"""
import random
DESCRIPTION = "You face a numbered vault. Answer 'PIN' followed directly by its PIN (e.g. PIN7). You have 2 attempts."
_CODES = [42, 391, 187, 903, 76, 555, 248, 620]
_ENTRIES = ['PIN6×7', 'PIN17×23', 'PIN11×17', 'PIN7×129', 'PIN4×19', 'PIN5×111', 'PIN8×31', 'PIN20×31']
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
