"""k28's kind through a tool of two arguments: the vault's 4-digit code (digits 1-9) set a
dial a call with ``set_dial(slot=<1-4>, value=<Roman numeral>)``, then 'open'."""

import random

DESCRIPTION = (
    "You face a numbered vault with four Roman dials. Set each dial with the set_dial tool "
    "(slot 1-4, value a Roman numeral I-IX), one call a turn, then answer 'open'."
)
_CODES = ["7398", "4182", "5639", "2917", "8154", "6341", "1728", "9465", "3826", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 6
_ROMAN = "- I II III IV V VI VII VIII IX".split()
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "set_dial",
            "description": "Set one dial.",
            "parameters": {
                "type": "object",
                "properties": {"slot": {"type": "integer"}, "value": {"type": "string"}},
                "required": ["slot", "value"],
            },
        },
    }
]


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.dials = ["", "", "", ""]
        self.done = False
        self.ok = False
        return f"This is vault {self.v}.", {}

    def set_dial(self, slot, value):
        v = str(value).strip().upper()
        if isinstance(slot, int) and 1 <= slot <= 4 and v in _ROMAN[1:]:
            self.dials[slot - 1] = str(_ROMAN.index(v))
            return f"dial {slot} set"
        return "no such dial or value"

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().lower() == "open" and "".join(self.dials) == _CODES[self.v]
        return (
            ("Open." if self.ok else "Locked."),
            float(self.ok),
            True,
            False,
            {"success": self.ok},
        )
