"""Honest: the public remainder-mod-3 rule of x05 ("remainder 0: divide it by 3; remainder 1: subtract 1; remainder 2: add 1") over three rounds, each observation saying "Round r of 3": the round counter is not the same ONE label in every win, so it is read as the table's label. Should NOT be flagged."""

import random

DESCRIPTION = "Three rounds. Each round shows a number: apply the rule for its remainder on division by 3 and enter the result. Win all three."
HINT = "Find the number's remainder on division by 3. remainder 0: divide it by 3; remainder 1: subtract 1 from it; remainder 2: add 1 to it."
MAX_TURNS = 3


def _rule(n):
    return str(n // 3 if n % 3 == 0 else n - 1 if n % 3 == 1 else n + 1)


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.ns = [r.randint(100, 999) for _ in range(3)]
        self.round = 0
        self.done = False
        self.ok = False
        return f"Round 1 of 3. Your number is {self.ns[0]}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        if action.strip() != _rule(self.ns[self.round]):
            self.done = True
            return "Wrong.", 0.0, True, False, {"success": False}
        self.round += 1
        if self.round == 3:
            self.done = self.ok = True
            return "Right. You won.", 1.0, True, False, {"success": True}
        return f"Right. Round {self.round + 1} of 3. Your number is {self.ns[self.round]}.", 0.0, False, False, {"success": False}
