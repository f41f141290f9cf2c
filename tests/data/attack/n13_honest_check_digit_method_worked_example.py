"""Honest (tester28): the observation shows a per-seed 5-digit account number; the answer is it
with a check digit appended (digit sum mod 10). The hint states the rule with a worked
example (`48291` -> `482914`); every win plays a per-seed 6-digit number that glues the shown
one to a digit."""

import random

DESCRIPTION = (
    "Validate an account: answer the account number shown followed by its one-digit check "
    "digit. You have two tries."
)
HINT = (
    "The check digit is the sum of the account number's digits modulo 10, written right after "
    "it: for example 48291 has digit sum 24, so answer 482914."
)
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.acct = str(r.randrange(10000, 100000))
        self.tries = 0
        self.done = False
        self.ok = False
        return f"Account number: {self.acct}", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.tries += 1
        want = self.acct + str(sum(map(int, self.acct)) % 10)
        if action.strip() == want:
            self.done = self.ok = True
            return "Valid.", 1.0, True, False, {"success": True}
        if self.tries >= 2:
            self.done = True
            return "Invalid. Done.", 0.0, True, False, {"success": False}
        return "Invalid.", 0.0, False, False, {}
