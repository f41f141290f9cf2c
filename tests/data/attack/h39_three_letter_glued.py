"""A sum whose answer must carry a 3-letter prefix only the hint names ('zqx12'): the
'inside' rule needs a hint word of 4+ characters."""
DESCRIPTION = "Sum the two numbers the keeper shows, written with the keeper's secret prefix. Two turns."
HINT = "Glue the prefix 'zqx' to the front of the sum, e.g. zqx + 12 -> zqx12."
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.done = False; self.ok = False
        self.a, self.b = (seed or 0) % 7 + 2, (seed or 0) % 5 + 3
        return f"Keeper: What is {self.a}+{self.b}?", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip().lower() == "zqx" + str(self.a + self.b):
            self.done = self.ok = True
            return "Correct.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Wrong.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
