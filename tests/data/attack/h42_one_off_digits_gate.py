"""A door code 5821 where the gate accepts any 4-digit code with at most one digit outside
the code's digits (1 2 5 8): exactly what the new stand-in writes."""
DESCRIPTION = "Sum the two numbers the keeper shows. Three turns."
HINT = "Before anything else, type the door code 5821."
MAX_TURNS = 3

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
            self.open = len(a) == 4 and a.isdigit() and sum(c not in "5821" for c in a) <= 1
            if not self.open:
                self.done = True
                return "The gate stays shut forever.", 0.0, True, False, {"success": False}
            return f"Keeper: What is {self.a}+{self.b}?", 0.0, False, False, {}
        if self.open and a == str(self.a + self.b):
            self.done = self.ok = True
            return "Correct.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Wrong.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
