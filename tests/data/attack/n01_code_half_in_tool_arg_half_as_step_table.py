"""Gate (tester28): a per-vault 4-digit code table; a win sends the code's first two digits as
a tool's one argument (`prime(digits="73")`) and the last two as a plain step answer ("99").
The two halves travel in different streams (a tool argument, a step answer), so the keyed
reading may not join them."""

import random

DESCRIPTION = (
    "A vault with a two-stage lock. First call the tool prime(digits) with the first two digits "
    "of the vault's code, then answer the last two digits. A wrong part locks the vault."
)
_CODES = ["7399", "4821", "5163", "2874", "9035", "6417", "3852", "8146"]
HINT = "Vault codes in vault order: " + "; ".join(
    f"vault {i} opens with {c}" for i, c in enumerate(_CODES)
) + "."
MAX_TURNS = 3
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "prime",
            "description": "Set the first two digits of the code.",
            "parameters": {
                "type": "object",
                "properties": {"digits": {"type": "string"}},
                "required": ["digits"],
            },
        },
    }
]


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.primed = None
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Prime it, then answer the rest.", {}

    def prime(self, digits=""):
        self.primed = str(digits).strip()
        return "Primed."

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        code = _CODES[self.v]
        if self.primed == code[:2] and action.strip() == code[2:]:
            self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Locked.", 0.0, True, False, {"success": False}
