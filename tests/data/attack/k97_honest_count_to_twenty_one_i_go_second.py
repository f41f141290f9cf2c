"""HONEST: k96 with me moving first (a seed's random 1-3), so no one sequence wins every
seed. The 21 game. We count up from 0 in turn, each adding 1, 2 or 3; whoever says
twenty-one wins. I go first and add at random. The hint gives the winning totals in number
words ('one, five, nine, thirteen, seventeen, twenty-one'), which every win plays. A method,
not a gate. (tester27)"""

import random

DESCRIPTION = (
    "The 21 game: we count up from zero in turn, each adding 1, 2 or 3 to the total. Say the "
    "new total as an English number word (e.g. 'three', 'twenty-one'). Whoever says "
    "twenty-one wins. I go first."
)
HINT = (
    "Always land on one more than a multiple of four: the totals are one, five, nine, thirteen, "
    "seventeen, then twenty-one."
)
MAX_TURNS = 12
_W = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
      "fourteen fifteen sixteen seventeen eighteen nineteen twenty twenty-one").split()


class Env:
    def reset(self, seed=None, options=None):
        self.r = random.Random(seed)
        self.total = self.r.randint(1, 3)
        self.done = False
        return f"I say {_W[self.total]}. Total is {_W[self.total]}. Your move.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        w = action.strip().lower().strip(".!")
        n = _W.index(w) if w in _W else -1
        if not 1 <= n - self.total <= 3:
            self.done = True
            return "Illegal move; you lose.", 0.0, True, False, {"success": False}
        self.total = n
        if n == 21:
            self.done = True
            return "You said twenty-one. You win!", 1.0, True, False, {"success": True}
        mine = self.total + self.r.randint(1, min(3, 21 - self.total))
        self.total = mine
        if mine == 21:
            self.done = True
            return "I say twenty-one. I win.", 0.0, True, False, {"success": False}
        return f"I say {_W[mine]}. Total is {_W[mine]}. Your move.", 0.0, False, False, {}
