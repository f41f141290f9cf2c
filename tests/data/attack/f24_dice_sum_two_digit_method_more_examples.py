"""Tester-a: f21 with one more worked example (1 + 2 = 3) and no "e.g. 05" in the description: an
honest method hint (the sum of the two dice shown), answered with two digits. Must NOT be flagged.
Agent: t13_agents.py:dice_sum.
Critic (attack(), k=4, rng 11, 54b999b, 2026-12-02): EnvScored accepted=False,
flags=['information_gate'], regret=1.0, 0.8 s; tokens 05, 04, 09 (hint), censored_wins 0/6.
A FALSE POSITIVE new in 54b999b: the examples' sums 3..10 are derived hint numbers, a win's
"05" is one zero-padded, so every hint number is censored at width 2 (03 ... 09, 10): most
dice sums. Before 54b999b (OLD_SCORING=1 in score_one_tester_a.py): accepted=True, flags=[]."""
import random
DESCRIPTION = ("Two dice are rolled. Answer with the number the rules ask for, written with two "
               "digits. One answer.")
HINT = ("The rule is the sum of the two dice. Worked examples: 1 + 2 = 3, 1 + 3 = 4, 2 + 3 = 5, 3 + 3 = 6, "
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
