"""Robustness (tester28): n14's 5,000-digit integer (the guest's digit limit lifted), returned
by a tool only after the episode's first answer was `ready`, so that validation's random and
schema-drawn calls never see it and the first to see it is a scoring episode. Must become a
named rejection or an env_error, never a traceback."""

import random
import sys

if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)

DESCRIPTION = "Say 'ready', then you may call peek() for a clue, then guess the secret digit 0-9."
HINT = "The secret is the last digit of the clue peek() returns."
MAX_TURNS = 4
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "peek",
            "description": "Return a clue.",
            "parameters": {"type": "object", "properties": {}},
        },
    }
]


class Env:
    def reset(self, seed=None, options=None):
        self.d = random.Random(seed).randrange(10)
        self.ready = False
        self.done = False
        self.ok = False
        return "Say ready.", {}

    def peek(self):
        if self.ready:
            return 10**5000 + self.d
        return "Not ready."

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        if not self.ready:
            if action.strip().lower() == "ready":
                self.ready = True
                return "Ready. Peek, then guess.", 0.0, False, False, {}
            self.done = True
            return "Not ready.", 0.0, True, False, {"success": False}
        self.done = True
        self.ok = action.strip() == str(self.d)
        return "Done.", float(self.ok), True, False, {"success": self.ok}
