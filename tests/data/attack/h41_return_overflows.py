"""A gate with steps of 1e308 each, inside a REWARD_RANGE of (0, 1e308): two finite steps
sum past the largest float (a fourth tester's r2, 2026-12-01)."""
DESCRIPTION = "Sum the two numbers the keeper shows. Three turns."
HINT = "Before anything else, type the door code 5821."
MAX_TURNS = 3
REWARD_RANGE = (0.0, 1e308)

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.open = False; self.done = False; self.ok = False
        self.a, self.b = (seed or 0) % 7 + 2, (seed or 0) % 5 + 3
        return f"Keeper: What is {self.a}+{self.b}?", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip().lower()
        if self.t == 1:
            self.open = len(a) == 4 and set(a) <= set("5821")
            if not self.open:
                self.done = True
                return "The gate stays shut forever.", 0.0, True, False, {"success": False}
            return f"Keeper: What is {self.a}+{self.b}?", 1e308, False, False, {}
        if self.open and a == str(self.a + self.b):
            self.done = self.ok = True
            return "Correct.", 1e308, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Wrong.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
