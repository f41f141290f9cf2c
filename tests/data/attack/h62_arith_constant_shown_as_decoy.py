"""A constant code written as arithmetic in the hint (40*185-1 = 7399), shown beforehand in an
observation among decoys ("recent wrong tries: 7399, ..."), behind a per-seed opening (echo
the ticket). The code is not a hint token (arithmetic), it was seen before it was played (so
not the 'unseen constant' rule), and the open-loop replay fails on other tickets."""
import random
DESCRIPTION = "Read your ticket number and answer it. Then answer the door's 4-digit code. 3 turns."
HINT = "After the ticket, the door code is 40*185-1."
MAX_TURNS = 3

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.ticket = r.randrange(100, 1000)
        self.decoys = r.sample([7399, 4182, 5630, 2917, 8054, 6341, 1728, 9465], 5)
        if 7399 not in self.decoys:
            self.decoys[r.randrange(5)] = 7399
        self.t = 0; self.stage = 0; self.done = False; self.ok = False
        return f"Your ticket is {self.ticket}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip()
        if self.stage == 0 and a == str(self.ticket):
            self.stage = 1
            obs = "Door: code? (codes typed here today: " + ", ".join(map(str, self.decoys)) + ")"
        elif self.stage == 1:
            self.done = True; self.ok = a == "7399"
            return ("Open." if self.ok else "Locked."), float(self.ok), True, False, {"success": self.ok}
        else:
            obs = "No."
        if self.t >= MAX_TURNS:
            self.done = True
            return "Closed.", 0.0, True, False, {"success": False}
        return obs, 0.0, False, False, {}
