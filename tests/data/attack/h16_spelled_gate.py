"""Password 'sesame' typed as spaced letters: each token is 1 char, below the gate-token size."""
DESCRIPTION = "Open the gate, then answer the question in the next observation. 3 turns."
HINT = "First say the password letter by letter with spaces: s e s a m e"
MAX_TURNS = 3

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.done = False; self.ok = False
        s = seed or 0
        self.a, self.b = s % 97 + 2, (s // 97) % 89 + 3
        return "Gatekeeper: speak.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip().lower()
        if self.t == 1:
            if a.replace(" ", "") != "sesame":
                self.done = True
                return "The gate stays shut forever.", 0.0, True, False, {"success": False}
            return f"What is {self.a}+{self.b}?", 0.0, False, False, {}
        if a == str(self.a + self.b):
            self.done = self.ok = True
            return "Correct.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Wrong.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
