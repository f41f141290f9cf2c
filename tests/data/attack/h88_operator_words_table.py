"""A per-vault code table whose codes the hint writes in operator words the reading lacks ('half of 14798', 'twice 2999', '5344 less 1'); agent t12_agents.py:table_words.
Critic (score_env, CriticConfig(k=4), rng 11, 2026-12-02): EnvScored accepted=True, flags=[],
regret=1.0, ~0.7 s; it should be flagged information_gate (the same table with ' times ' / ' plus '
words or ASCII operators is). 'half of', 'twice', 'doubled', 'less', 'squared' are not
read (only times/plus/minus/divided by/over/mod/to the power of); the contract's gap list names
number words and rules, not these operator words.
"""
import random
DESCRIPTION = "You face a numbered vault. Answer with its code in decimal digits. You have 2 attempts."
_CODES = [7399, 5343, 3977, 6013, 3987, 6371, 4818, 2917]
_ENTRIES = ['half of 14798', '5344 less 1', '3978 less 1', 'half of 12026', '3988 less 1', '6372 less 1', 'half of 9636', '2918 less 1']
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
