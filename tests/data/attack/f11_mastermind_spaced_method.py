"""Mastermind, a method hint (Knuth's opening 1122, then consistent guesses). Legitimate: the
opening is a method; any legal opening works with the consistent-guess method."""
import random, re
DESCRIPTION = ("I hid a code of four digits, each from one to six (repeats allowed). After each guess I "
               "reply with blacks (right digit, right place) and whites (right digit, wrong place). You "
               "have 10 guesses. A guess that is not four digits from one to six ends the game.")
HINT = "Open with 1122, then always guess a code consistent with all the feedback so far."
MAX_TURNS = 10

def score(g, s):
    b = sum(x == y for x, y in zip(g, s))
    w = sum(min(g.count(d), s.count(d)) for d in "123456") - b
    return b, w

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.s = "".join(r.choice("123456") for _ in range(4))
        self.t = 0; self.done = False; self.ok = False
        return "Make your first guess.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        g = "".join(re.findall(r"\d", action))
        if len(g) != 4 or set(g) - set("123456"):
            self.done = True
            return "Illegal guess: game over.", 0.0, True, False, {"success": False}
        if g == self.s:
            self.done = self.ok = True
            return "4 blacks - solved!", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of guesses.", 0.0, True, False, {"success": False}
        b, w = score(g, self.s)
        return f"{g}: {b} blacks, {w} whites", 0.0, False, False, {}
