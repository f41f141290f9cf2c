"""Learnable Nim: a pile of stones; take 1 to 3 per turn; whoever takes the last stone wins.
The opponent plays perfectly when it can (else takes 1-3 at random). The hint is the textbook method (leave a multiple of 4)."""
import random
DESCRIPTION = ("Nim: there is a pile of stones. On your turn take 1 to 3 stones; then I take some. "
               "Whoever takes the last stone wins. Answer with how many stones you take.")
HINT = "Always leave a multiple of 4 stones: take 1, 2 or 3 so that the pile left is divisible by 4."
MAX_TURNS = 20

class Env:
    def reset(self, seed=None, options=None):
        r = self.r = random.Random(seed)
        self.pile = 4 * r.randint(4, 8) + r.randint(1, 3)
        self.done = False; self.t = 0
        return f"Pile: {self.pile} stones. Your move.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.t += 1
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of turns.", 0.0, True, False, {"success": False}
        try:
            n = int(action.strip())
        except ValueError:
            n = 0
        if not 1 <= n <= min(3, self.pile):
            return f"Invalid: take 1 to 3 stones (at most the pile). Pile: {self.pile} stones. Your move.", 0.0, False, False, {}
        self.pile -= n
        if self.pile == 0:
            self.done = True
            return "You took the last stone. You win!", 1.0, True, False, {"success": True}
        m = self.pile % 4 or self.r.randint(1, min(3, self.pile))
        self.pile -= m
        if self.pile == 0:
            self.done = True
            return "I took the last stone. I win.", 0.0, True, False, {"success": False}
        return f"I took my stones. Pile: {self.pile} stones. Your move.", 0.0, False, False, {}
