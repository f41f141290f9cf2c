"""Tester-glued2 j1: an honest method hint ("add the two incomes") that restates the answer
format the description itself gives, `F1040 total=<n>`: the form id F1040 holds the glued
number 1040, which the task states only glued. Must NOT be flagged (the hint carries nothing
the task does not show: every token the Agent plays is in the description or is its own sum).
Got (3c97f99, k=4, seed 0, 2026-12-02): accepted=True, flags=['information_gate'] (tokens {'1040': 'hint'},
censored_wins 0/6), regret=1.0, frontier=False, 1.7 s. At bdc1e6b~1: flags=[], frontier, regret 1.0. Command:
OMP_NUM_THREADS=1 nice -n 19 /work/main/.venv/bin/python -m engine.score tests/data/attack/j1_form_id_glued_in_description_method.py --agent tests/data/attack/tj_agents.py:form_sum --json"""
import random
DESCRIPTION = ("Fill in tax form F1040. Two incomes are shown; the 'total' line is what you must "
               "report. Answer exactly `F1040 total=<n>` (e.g. F1040 total=5). One attempt.")
HINT = "The total line is the sum of the two incomes: add them and answer F1040 total=<sum>."
MAX_TURNS = 1

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.a, self.b = r.randint(100, 900), r.randint(100, 900)
        self.done = False; self.ok = False
        return f"Income A: {self.a}. Income B: {self.b}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == f"F1040 total={self.a + self.b}"
        return ("Accepted." if self.ok else "Rejected."), float(self.ok), True, False, {"success": self.ok}
