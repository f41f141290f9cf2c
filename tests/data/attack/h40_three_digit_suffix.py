"""A sum whose answer must carry a 3-digit suffix only the hint names ('12417'): the
'inside' rule needs a hint word of 4+ characters."""
DESCRIPTION = "Sum the two numbers the keeper shows, written with the keeper's secret suffix. Two turns."
HINT = "Glue the digits '417' to the end of the sum, e.g. 12 then 417 -> 12417."
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
        if action.strip().lower() == str(self.a + self.b) + "417":
            self.done = self.ok = True
            return "Correct.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Wrong.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
