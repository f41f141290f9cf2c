"""Robustness (tester28): the program lifts the guest's int-to-str digit limit
(`sys.set_int_max_str_digits(0)`) and returns a 5,000-digit integer from a tool and in `info`.
The host's `json.loads` refuses integers over 4,300 digits with a ValueError; scoring must turn
that into a named rejection, never a traceback."""

import random
import sys

if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)

DESCRIPTION = "Guess the secret digit 0-9. You may call peek() for a clue first."
HINT = "The secret is the last digit of the clue peek() returns."
MAX_TURNS = 3
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
        self.done = False
        self.ok = False
        return "Guess the digit.", {"big": 10**5000 + self.d}

    def peek(self):
        return 10**5000 + self.d

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == str(self.d)
        return "Done.", float(self.ok), True, False, {"success": self.ok, "big": 10**5000}
