"""Honest: each turn two doors show 3-digit numbers; pick 'first' or 'second', the one
divisible by three. The hint teaches the digit-sum test with worked examples (121 vs 123,
112 vs 111, 212 vs 222), whose numbers are also runs of the moves (first=1, second=2). Not a
gate: the method is the digit sum, not any sequence of doors."""

import random

DESCRIPTION = (
    "Eight rounds: each round two doors show 3-digit numbers; exactly one is divisible by 3. "
    "Answer 'first' or 'second'. A wrong door ends the game."
)
HINT = (
    "A number is divisible by 3 when its digit sum is: 121 vs 123, the sum of 123 is 6, so "
    "take the second; 111 vs 112, 111 sums to 3, take the first; 212 vs 222, take the second."
)
MAX_TURNS = 8


class Env:
    def reset(self, seed=None, options=None):
        self.r = random.Random(seed)
        self.t = 0
        return self._doors(), {}

    def _doors(self):
        good = 3 * self.r.randint(34, 333)
        bad = good + self.r.choice([-1, 1, 2, 4])
        bad = bad if 100 <= bad <= 999 else good + 1
        self.want = self.r.choice(["first", "second"])
        a, b = (good, bad) if self.want == "first" else (bad, good)
        return f"Round {self.t + 1}: first door {a}, second door {b}."

    def step(self, action):
        words = action.strip().lower().split()
        said = words[-1].strip(".!") if words else ""
        if said != self.want:
            return "Wrong door.", 0.0, True, False, {"success": False}
        self.t += 1
        if self.t == MAX_TURNS:
            return "All doors right.", 1.0, True, False, {"success": True}
        return self._doors(), 0.0, False, False, {}
