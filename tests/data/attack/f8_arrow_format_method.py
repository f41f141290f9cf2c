"""A method hint written in the format the description states (FROM->TO, e.g. A->B): the
arrow is the task's own syntax, glued to letters in the description and in the hint.
Must be: frontier, not an information gate."""

import random

DESCRIPTION = (
    "Three pegs A, B and C. A disk sits on one peg and must reach the goal peg that the "
    "observation names. Answer with one move written as FROM->TO, for example A->B."
)
HINT = "Method: do not wander; move the disk straight from its peg to the goal, e.g. A->C."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.src, self.dst = rng.sample("ABC", 2)
        self.done = False
        return f"The disk is on peg {self.src}; the goal peg is {self.dst}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.done = True
        ok = action.strip().upper().replace(" ", "") == f"{self.src}->{self.dst}"
        return ("Done." if ok else "Wrong."), float(ok), True, False, {"success": ok}
