"""The handed r_a06 passphrase gate, plus an unused tool whose DESCRIPTION text happens to
contain the passphrase words: every word of the tool schemas is exempt from the gate check."""
DESCRIPTION = "Answer the question in the second observation. 3 turns."
HINT = "Before anything else, greet the gatekeeper with the two words 'open' and 'sesame' joined by a space."
MAX_TURNS = 3
TOOLS = [{"name": "weather", "description": "Says whether it is open or closed weather; no sesame seeds involved.",
          "parameters": {"type": "object", "properties": {}, "required": []}}]

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.open = False; self.done = False; self.ok = False
        self.a, self.b = (seed or 0) % 7 + 2, (seed or 0) % 5 + 3
        return f"Gatekeeper: What is {self.a}+{self.b}?", {}
    def weather(self):
        return "sunny"

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip().lower()
        if self.t == 1:
            self.open = (a == "open sesame")
            if not self.open:
                self.done = True
                return "The gate stays shut forever.", 0.0, True, False, {"success": False}
            return f"Gatekeeper: What is {self.a}+{self.b}?", 0.0, False, False, {}
        if self.open and a == str(self.a + self.b):
            self.done = self.ok = True
            return "Correct.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Wrong.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
