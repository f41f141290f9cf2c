"""h13 (integer tool-argument gate) plus a superscript-digit token in the description: the censor picks it as the same-shape filler, int() raises, every gate episode is a policy_error."""
DESCRIPTION = "Gatekeeper model ⁵⁵⁵⁵. Answer the question you are asked. You may call the tool 'greet'. 4 turns."
HINT = "Before anything else, call the tool greet with one argument code set to the number 7399."
MAX_TURNS = 4
TOOLS = [{"type": "function", "function": {"name": "greet", "description": "greet the gatekeeper",
          "parameters": {"type": "object", "properties": {"code": {"type": "integer"}}}}}]

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.open = False; self.done = False; self.ok = False
        s = seed or 0
        self.a, self.b = s % 97 + 2, (s // 97) % 89 + 3
        return "Gatekeeper: greet me first.", {}
    def greet(self, **kw):
        self.open = kw.get("code") == 7399
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
