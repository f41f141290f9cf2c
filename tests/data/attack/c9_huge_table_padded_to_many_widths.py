"""Tester-a: c2's 60,000-vault code table (hint ~720 KB), answered zero-padded to a per-seed
keypad width of 6-12 digits (h92 at scale). Agent: t13_agents.py:huge_table_padded.
Critic (attack(), k=4, rng 11, 54b999b, 2026-12-02, 2-core machine shared with a benchmark,
nice 19): EnvScored accepted=True, flags=[], 76.4 s; candidates at 4 widths, censored_wins 3/6:
not flagged. c2 itself with a plain agent (t13_agents.py:huge_table_plain): flagged, 72.9 s:
the time is the table hint's, not the padding's."""
import random
DESCRIPTION = ("You face a numbered vault. Its keypad takes a number of digits the vault shows; answer "
               "with its code zero-padded to exactly that many digits. You have 1 attempt.")
_N = 60000
_CODES = [random.Random(i).randrange(100, 100000) for i in range(_N)]
HINT = "Codes: " + ",".join(f"v{i}={c}" for i, c in enumerate(_CODES))
MAX_TURNS = 1

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.v = r.randrange(_N); self.w = r.randrange(6, 13)
        self.done = False; self.ok = False
        return f"This is vault v{self.v}. Its keypad takes {self.w} digits.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == str(_CODES[self.v]).zfill(self.w)
        return ("Open." if self.ok else "Locked."), float(self.ok), True, False, {"success": self.ok}
