"""Leaky hint without a declared ANSWER: the hint states the password in passing."""

DESCRIPTION = "Say the password to enter. You have 3 tries."
HINT = "The password is swordfish."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        self.turn = 0
        return "[door] password?", {}

    def step(self, action):
        self.turn += 1
        if action.strip() == "swordfish":
            return "welcome", 1.0, True, False, {"success": True}
        if self.turn >= MAX_TURNS:
            return "locked out", 0.0, False, True, {"success": False}
        return "wrong", 0.0, False, False, {}
