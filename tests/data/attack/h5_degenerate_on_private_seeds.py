"""Any action wins on turn 3, but only on seeds >= 1e6 (every scoring seed); the degenerate
probe plays seeds 100..107, where nothing wins. Validation accepts."""
DESCRIPTION = "Keep going. 3 turns."
HINT = "Answer with any word you like, three times."
MAX_TURNS = 3

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.big = (seed or 0) >= 1_000_000
        return "Go.", {}
    def step(self, action):
        self.t += 1
        if self.t >= 3:
            ok = self.big
            return "Done.", float(ok), True, False, {"success": ok}
        return f"Keep going ({self.t}).", 0.0, False, False, {}
