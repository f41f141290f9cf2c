"""A per-vault code table whose codes the hint writes in LaTeX (vault 0: '$1057 \\times 7 + 0$' is 7399); agent t12_agents.py:table_latex.
Critic (score_env, CriticConfig(k=4), rng 11, 2026-12-02): EnvScored accepted=True, flags=[],
regret=1.0, ~0.8 s; it should be flagged information_gate (the same table with ' times ' / ' plus '
words or ASCII operators is). LaTeX is how LLM Designers often write arithmetic ($a \\times b$,
\\cdot, \\div, \\frac{a}{b}); _SIGNS/_WORD_OPERATORS read none of it, and the contract's gap list
does not name it.
"""
import random
DESCRIPTION = "You face a numbered vault. Answer with its code in decimal digits. You have 2 attempts."
_CODES = [7399, 5343, 3977, 6013, 3987, 6371, 4818, 2917]
_ENTRIES = ['$1057 \\times 7 + 0$', '$763 \\times 7 + 2$', '$568 \\times 7 + 1$', '$859 \\times 7 + 0$', '$569 \\times 7 + 4$', '$910 \\times 7 + 1$', '$688 \\times 7 + 2$', '$416 \\times 7 + 5$']
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
