"""A keypad vault: per-vault 4-digit codes entered with a tool, then "open". The hint is the
code table. Information gate: no observation reveals a code."""
DESCRIPTION = (
    "You face a numbered vault with a keypad. Enter its 4-digit code with the press tool "
    "(the keys in order) or the enter tool, then answer open. You have 6 turns."
)
_CODES = ["7399", "4182", "9051", "3367", "8824", "1590", "6643", "2718", "5206", "3141", "8080", "4477"]
HINT = "Vault codes: " + ", ".join(f"vault {i}: {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 6
TOOLS = [
    {
        "name": "press",
        "description": "Press keypad keys in order.",
        "parameters": {
            "type": "object",
            "properties": {"keys": {"type": "array", "items": {"type": "string"}}},
            "required": ["keys"],
        },
    },
    {
        "name": "enter",
        "description": "Type the whole code.",
        "parameters": {
            "type": "object",
            "properties": {"code": {"type": "number"}},
            "required": ["code"],
        },
    },
]


class Env:
    def reset(self, seed=None, options=None):
        self.v = (0 if seed is None else seed) % len(_CODES)
        self.t = 0
        self.entered = ""
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. The keypad is blank.", {}

    def press(self, keys=()):
        if not isinstance(keys, list):
            return "The keypad needs a list of keys."
        self.entered = "".join(str(k) for k in keys)[:16]
        return f"{len(self.entered)} keys pressed."

    def enter(self, code=""):
        if isinstance(code, float) and code == int(code):
            code = int(code)
        self.entered = str(code)[:16]
        return f"{len(self.entered)} characters typed."

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip().lower() == "open" and self.entered == _CODES[self.v]:
            self.done = self.ok = True
            return "The vault opens.", 1.0, True, False, {"success": True}
        if self.t >= 2:
            self.done = True
            return "Alarm. Locked.", 0.0, True, False, {"success": False}
        return "Nothing happens.", 0.0, False, False, {}
