"""k31's kind through a tool of two arguments: each letter of the door's password set with
``set_letter(slot=<1-6>, word=<NATO word>)``, one call a turn, then 'open'."""

import random

DESCRIPTION = (
    "You face a numbered door with six radio dials. Set each dial with the set_letter tool "
    "(slot 1-6, word the letter's word in the NATO phonetic alphabet), one call a turn, "
    "then answer 'open'."
)
_WORDS = [
    "violet",
    "banjos",
    "quartz",
    "pebble",
    "zephyr",
    "kitten",
    "mortar",
    "glider",
    "fathom",
    "uproar",
]
HINT = (
    "Door passwords: " + ", ".join(f"door {i} opens with {w}" for i, w in enumerate(_WORDS)) + "."
)
MAX_TURNS = 8
_NATO = (
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "set_letter",
            "description": "Set one dial.",
            "parameters": {
                "type": "object",
                "properties": {"slot": {"type": "integer"}, "word": {"type": "string"}},
                "required": ["slot", "word"],
            },
        },
    }
]


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.dials = [""] * 6
        self.done = False
        self.ok = False
        return f"This is door {self.v}.", {}

    def set_letter(self, slot, word):
        w = str(word).strip().lower().replace("-", "")
        if isinstance(slot, int) and 1 <= slot <= 6 and w in _NATO:
            self.dials[slot - 1] = w[0]
            return f"dial {slot} set"
        return "no such dial or word"

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().lower() == "open" and "".join(self.dials) == _WORDS[self.v]
        return (
            ("Open." if self.ok else "Barred."),
            float(self.ok),
            True,
            False,
            {"success": self.ok},
        )
