"""h58's kind through a tool of two arguments: a per-vault code keyed one digit a call as
``set_digit(slot=i, digit=d)`` (the key is one of two arguments), then ``open``."""

import random

DESCRIPTION = (
    "You face a numbered vault with a 4-digit code. Set each digit with the tool "
    "set_digit (slot 0-3, digit 0-9), one call a turn, then answer 'open'."
)
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "set_digit",
            "description": "Set one digit of the vault's dial.",
            "parameters": {
                "type": "object",
                "properties": {
                    "slot": {"type": "integer", "minimum": 0, "maximum": 3},
                    "digit": {"type": "integer", "minimum": 0, "maximum": 9},
                },
                "required": ["slot", "digit"],
            },
        },
    }
]
_CODES = ["7399", "4182", "5630", "2917", "8054", "6341", "1728", "9465", "3806", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 5


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.dial = ["0"] * 4
        self.t = 0
        return f"This is vault {self.v}.", {}

    def set_digit(self, slot, digit):
        self.dial[int(slot) % 4] = str(int(digit) % 10)
        return "click"

    def step(self, action):
        self.t += 1
        if action.strip().lower() != "open":
            return "Not open.", 0.0, False, self.t >= MAX_TURNS, {}
        ok = action.strip().lower() == "open" and "".join(self.dial) == _CODES[self.v]
        return ("Open." if ok else "Locked."), float(ok), True, False, {"success": ok}
