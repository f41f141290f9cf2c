"""Per-seed passwords; the hint's table writes each as two 3-letter syllables."""
import random
DESCRIPTION = "You face a numbered door. Answer with its one-word password. You have 2 attempts."
_WORDS = ["sesame", "marble", "lantern", "cobalt", "pepper", "walnut", "quartz", "falcon", "tundra", "saddle"]
HINT = "Passwords: " + ", ".join(f"door {i} opens with {w[:3]}-{w[3:]}" for i, w in enumerate(_WORDS)) + "."
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.t = 0; self.done = False; self.ok = False
        return f"This is door {self.v}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip().lower() == _WORDS[self.v]:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
