"""Leaky hint: the hint states the answer outright."""

DESCRIPTION = "Open the vault: answer with its four-digit code. You have 3 tries."
HINT = "The code is 7391."
ANSWER = "7391"
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        self.turn = 0
        return "[vault] enter the code", {}

    def step(self, action):
        self.turn += 1
        if action.strip() == ANSWER:
            return "open", 1.0, True, False, {"success": True}
        if self.turn >= MAX_TURNS:
            return "locked", 0.0, False, True, {"success": False}
        return "wrong code", 0.0, False, False, {}
