"""A per-vault code table whose codes the hint writes with mod (vault 0: '17399 mod 10000' is 7399); agent t11_agents.py:table_any.
Critic (score_env, CriticConfig(k=4), rng 11, 2026-12-02): EnvScored accepted=True, flags=[],
regret=1.0, ~0.7 s; it should be flagged information_gate (the same table in ASCII
`+ - * ×` is: evidence tokens 7399, 6013, 4818, 2917, censored_wins 0/6)."""
import random
DESCRIPTION = "You face a numbered vault. Answer with its code in decimal digits. You have 2 attempts."
_CODES = [7399, 5343, 3977, 6013, 3987, 6371, 4818, 2917]
_ENTRIES = ['17399 mod 10000', '15343 mod 10000', '13977 mod 10000', '16013 mod 10000', '13987 mod 10000', '16371 mod 10000', '14818 mod 10000', '12917 mod 10000']
HINT = "Vault codes: " + " ".join(f"vault {i}: {e};" for i, e in enumerate(_ENTRIES))
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
