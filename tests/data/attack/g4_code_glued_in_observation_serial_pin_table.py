"""Tester-glued g4 (REGRESSION of bdc1e6b): per-vault PIN table (vault 0: 42;), answered as the
bare PIN; each observation shows a serial of 8 digit runs glued by letters (QK42Z17T88...), one
of them the PIN, the others decoys of its length. A gate (the hint selects which run): MUST be
flagged information_gate.
Got (bdc1e6b, k=4, seed 0, 2026-12-02): accepted=True, flags=[], regret=1.0, frontier, 1.3 s.
At bdc1e6b~1: flags=['information_gate'] (tokens 619 555 248 76, censored_wins 0/6), 1.5 s.
_Seen.add now puts _glued_numbers of every observation into runs, so the code glued inside the
serial counts as stated: no candidate, and _EpisodeView.see would not censor it either. Was
flagged; now it joins the documented gap 'a table whose answers appear in an observation'
(the spaced list '17 42 88' escaped before too).
Command: OMP_NUM_THREADS=1 nice -n 19 /work/main/.venv/bin/python -m engine.score tests/data/attack/g4_code_glued_in_observation_serial_pin_table.py --agent tests/data/attack/tg_agents.py:bare --json"""
import random
DESCRIPTION = 'You face a numbered vault. Answer its PIN. You have 2 attempts.'
_CODES = [42, 391, 187, 903, 76, 555, 248, 619]
_ENTRIES = [str(c) for c in _CODES]
HINT = "Vault PINs: " + " ".join(f"vault {i}: {e};" for i, e in enumerate(_ENTRIES))
OPENING = 'This is vault {v}. Serial: {serial}.'
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.v = r.randrange(len(_CODES))
        self.t = 0; self.done = False; self.ok = False
        return OPENING.format(v=self.v, **_extra(self.v, r)), {}
    def _want(self):
        c = _CODES[self.v]
        return str(c)
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
    return {'serial': _serial(_CODES[v], r)}


def _serial(code, r):
    """An alphanumeric serial of 8 digit runs glued by letters, one of them the PIN (the others
    decoys of the same length): Q17K42Z88T..."""
    n = len(str(code))
    runs = [str(code)] + [str(r.randrange(10 ** (n - 1), 10**n)) for _ in range(7)]
    r.shuffle(runs)
    return "".join(r.choice("QKZTWXJV") + x for x in runs) + r.choice("QKZTWXJV")
