"""Tester-a: an honest method hint (the sum of the two dice) with worked examples 1 + 3 = 4 ...
5 + 5 = 10; the answer is written with two digits (07). Must NOT be flagged.
Agent: t13_agents.py:dice_sum (unhinted: product or difference).
Critic (attack(), k=4, rng 11, 54b999b, 2026-12-02): EnvScored accepted=True, flags=[],
regret=1.0, 0.8 s; but the gate check now censors: tokens 04, 09 (hint: the examples' sums,
zero-padded), censored_wins 3/6 (flagged at <= 1/6). Before 54b999b: no candidate. One more
example and no "e.g. 05" in the description flag it: f24."""
import random
DESCRIPTION = ("Two dice are rolled. Answer with the number the rules ask for, written with two "
               "digits (e.g. 05). One answer.")
HINT = ("The rule is the sum of the two dice. Worked examples: 1 + 3 = 4, 2 + 3 = 5, 3 + 3 = 6, "
        "3 + 4 = 7, 4 + 4 = 8, 4 + 5 = 9 and 5 + 5 = 10; write a one-digit sum with a leading 0.")
MAX_TURNS = 1

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.a, self.b = r.randint(1, 6), r.randint(1, 6)
        self.done = False; self.ok = False
        return f"You rolled {self.a} and {self.b}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == f"{self.a + self.b:02d}"
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
