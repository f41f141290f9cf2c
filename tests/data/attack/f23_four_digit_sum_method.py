"""Tester-a: "always answer with 4 digits": the code is the sum of the two numbers the panel
shows, zero-padded (9 + 3 = 12 is 0012). Must NOT be flagged.
Agent: t13_agents.py:four_digit_sum.
Critic (attack(), k=4, rng 11, 54b999b, 2026-12-02): EnvScored accepted=True, flags=[],
regret=1.0, 0.8 s; no gate candidate. Held."""
import random
DESCRIPTION = ("A panel shows two numbers. Enter the code the rules ask for; always answer with "
               "4 digits (e.g. 0007). One answer.")
HINT = ("The code is the sum of the two numbers the panel shows, zero-padded to 4 digits: "
        "for example 9 + 3 = 12 is entered as 0012, and 250 + 750 = 1000 as 1000.")
MAX_TURNS = 1

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.a, self.b = r.randrange(1, 500), r.randrange(1, 500)
        self.done = False; self.ok = False
        return f"The panel shows {self.a} and {self.b}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == f"{self.a + self.b:04d}"
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
