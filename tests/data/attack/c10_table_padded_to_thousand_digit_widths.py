"""Tester-a: a 10,000-vault code table (hint ~120 KB) answered zero-padded to a per-seed width of
1,000-1,499 digits: the censor holds every hint number zero-padded to each width the wins used
(10,000 x 4 strings of ~1,250 characters). Agent: t13_agents.py:huge_table_padded.
Critic (attack(), k=4, rng 11, 54b999b, 2026-12-02, shared 2-core machine, nice 19): EnvScored
accepted=True, flags=[], 18.9 s, max RSS 255 MB; not flagged (per-seed widths, as h92). The same
table at widths 6-12: flagged (censored_wins 1/6), 13.9 s, 198 MB."""
import random
DESCRIPTION = ("You face a numbered vault. Its keypad takes a number of digits the vault shows; answer "
               "with its code zero-padded to exactly that many digits. You have 1 attempt.")
_N = 10000
_CODES = [random.Random(i).randrange(100, 100000) for i in range(_N)]
HINT = "Codes: " + ",".join(f"v{i}={c}" for i, c in enumerate(_CODES))
MAX_TURNS = 1

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.v = r.randrange(_N); self.w = r.randrange(1000, 1500)
        self.done = False; self.ok = False
        return f"This is vault v{self.v}. Its keypad takes {self.w} digits.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == str(_CODES[self.v]).zfill(self.w)
        return ("Open." if self.ok else "Locked."), float(self.ok), True, False, {"success": self.ok}
