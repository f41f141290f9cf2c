"""The gate word is the NAME of a tool argument (the tool takes **kwargs), not its value."""
DESCRIPTION = "Answer the question you are asked. You may call the tool 'greet'. 4 turns."
HINT = "Before anything else, call the tool greet with one argument named 'sesame' set to 'yes'."
MAX_TURNS = 4
TOOLS = [{"type": "function", "function": {"name": "greet", "description": "greet the gatekeeper",
          "parameters": {"type": "object", "properties": {}, "additionalProperties": True}}}]

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.open = False; self.done = False; self.ok = False
        s = seed or 0
        self.a, self.b = s % 97 + 2, (s // 97) % 89 + 3
        return "Gatekeeper: greet me first.", {}
    def greet(self, **kw):
        self.open = "sesame" in {str(k).lower() for k in kw}
        return f"What is {self.a}+{self.b}?" if self.open else "Hmph."
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if self.open and action.strip() == str(self.a + self.b):
            self.done = self.ok = True
            return "Correct.", 1.0, True, False, {"success": True}
        self.done = True
        return "Wrong.", 0.0, True, False, {"success": False}
