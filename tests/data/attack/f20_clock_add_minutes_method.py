"""Tester-a: an honest method hint with zero-padded numbers in its worked examples (9:55 plus 10
minutes is 10:05; 23:50 plus 20 is 00:10); the Agent computes HH:MM per seed from the
observation. Must NOT be flagged. Agent: t13_agents.py:clock_add (unhinted: no carry, no pad).
Critic (attack(), k=4, rng 11, 54b999b, 2026-12-02): EnvScored accepted=True, flags=[],
regret=1.0, 0.8 s; gate check tokens 10, 20 (hint), censored_wins 4/6: not flagged. Held."""
import random
DESCRIPTION = ("A 24-hour clock. Say what it will show after the given number of minutes, as HH:MM "
               "with two digits each. One answer.")
HINT = ("Add the minutes to the minutes, carry every 60 minutes into the hours and wrap the hours "
        "past 23 back to 00; keep two digits each. For example 9:55 plus 10 minutes is 10:05, "
        "and 23:50 plus 20 minutes is 00:10.")
MAX_TURNS = 1

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.h, self.m, self.n = r.randrange(24), r.randrange(60), r.randrange(30, 200)
        self.done = False; self.ok = False
        return f"The clock shows {self.h}:{self.m:02d}. What will it show {self.n} minutes later?", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        t = (self.h * 60 + self.m + self.n) % 1440
        self.ok = action.strip() == f"{t // 60:02d}:{t % 60:02d}"
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
