"""A per-vault code table (literal codes) behind a 1 MB hint of short operator chains
('0^0^0^...^1;' 17 single digits each, 29,412 distinct chains); agent t11_agents.py:table_any.
Critic (score_env, CriticConfig(k=4), rng 11, 2026-12-02): EnvScored accepted=False,
flags=['information_gate'], regret=1.0 (the verdict holds), but 50-53 s, of which _hint_numbers
is 22.8 s (one call, measured by wrapping it; 13 s alone without the event loop running): each
chain is parsed 16 times (one ast.parse per tail), ~400k parses a megabyte. The same hint with ';'
instead of '^' (no arithmetic) scores in 24 s and a plain table in 0.7 s, so the new reading
doubles a 1 MB hint's host time. Not an exception and off the event loop, so low severity:
a cap on tails parsed per hint (or evaluating each tail from one parse) would bound it.
"""
import random

def _pad(seed, size, op="^"):
    return ";".join(op.join(f"{i:017d}") for i in range(size // 34 + 1))
DESCRIPTION = "You face a numbered vault. Answer with its code in decimal digits. You have 2 attempts."
_CODES = [7399, 5343, 3977, 6013, 3987, 6371, 4818, 2917]
_ENTRIES = [str(c) for c in _CODES]
HINT = _pad(1, 1_000_000) + "Vault codes: " + " ".join(f"vault {i}: {e};" for i, e in enumerate(_ENTRIES))
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0; self.done = False; self.ok = False
        return f"This is vault {self.v}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip() == str(_CODES[self.v]):
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
