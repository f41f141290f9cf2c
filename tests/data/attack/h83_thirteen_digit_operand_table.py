"""A per-vault table of 13-digit codes written as ASCII sums ("7399000000000 + 1"): the
operand pattern takes at most 12 digits, so no expression of 13+ digit operands is read, though
values up to 40 digits are meant to be. Agent: t11_agents.py:table_any.
Critic (score_env, CriticConfig(k=4), rng 11, 2026-12-02): EnvScored accepted=True, flags=[],
regret=1.0, 0.8 s; should be information_gate. Severity: low (long codes are rarer; but the
cap is undocumented and the value bound of 10**40 suggests such operands are read)."""
import random
DESCRIPTION = "You face a numbered vault. Answer with its code in decimal digits (13 of them). You have 2 attempts."
_CODES = [7399000000001, 5343000000002, 3977000000003, 6013000000004, 3987000000005, 6371000000006, 4818000000007, 2917000000008]
_ENTRIES = ['7399000000000 + 1', '5343000000000 + 2', '3977000000000 + 3', '6013000000000 + 4', '3987000000000 + 5', '6371000000000 + 6', '4818000000000 + 7', '2917000000000 + 8']
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
