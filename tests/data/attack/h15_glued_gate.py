"""Password glued to a per-seed number shown in the observation: 'sesame417'."""
DESCRIPTION = "Open the gate by answering the gatekeeper correctly. 2 turns."
HINT = "Reply with the word sesame immediately followed (no space) by the number the gatekeeper shows."
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.done = False; self.ok = False
        self.n = (seed or 0) % 900 + 100
        return f"Gatekeeper shows the number {self.n}. Speak.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip().lower() == f"sesame{self.n}":
            self.done = self.ok = True
            return "The gate opens.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Shut.", 0.0, True, False, {"success": False}
        return "No.", 0.0, False, False, {}
