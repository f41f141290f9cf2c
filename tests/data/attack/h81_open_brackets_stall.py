"""A per-vault code table in plain ASCII arithmetic (caught, like h11) whose hint also holds a
run of 30,000 opening brackets (a "diagram" or a padding the Agent ignores). The _ARITHMETIC
pattern's leading ``\\(*`` backtracks over the whole run from every start position, so
``_hint_numbers`` is quadratic in the run: 5,000 brackets 1.3 s, 20,000 21 s, 50,000 124 s
(1 MB would be ~14 hours). It runs twice per scoring (``_gate_candidates`` in a thread, holding
the GIL inside ``re``, and ``_Censored``'s ``from_hint`` on the event loop itself), stalling
every episode in flight. Agent: t11_agents.py:table_any.
Critic (score_env, CriticConfig(k=4), rng 11, 2026-12-02): EnvScored accepted=False,
flags=['information_gate'], regret=1.0 -- the right verdict, but in 84.0 s against 0.6 s for the
same table without the brackets. It should take well under a second (e.g. a possessive or
atomic bracket run, or matching operands first and extending over brackets by hand)."""
import random
DESCRIPTION = "You face a numbered vault. Answer with its code in decimal digits. You have 2 attempts."
_CODES = [7399, 5343, 3977, 6013, 3987, 6371, 4818, 2917]
HINT = ("Vault codes: " + " ".join(f"vault {i}: {c + 1234} - 1234;" for i, c in enumerate(_CODES))
        + " Map of the vault hall: " + "(" * 30_000)
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
