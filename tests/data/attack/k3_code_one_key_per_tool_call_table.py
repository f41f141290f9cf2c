"""h58's kind through a tool: a per-vault code pressed with ``press(key=<int>)``, one call a
turn, then ``open``; every argument is a 1-digit integer."""
import random
DESCRIPTION = ("You face a numbered vault with a keypad. Press its 4 keys one call at a time "
               "with the press tool, then answer 'open'.")
_CODES = ["7399", "4182", "5630", "2917", "8054", "6341", "1728", "9465", "3806", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 6
TOOLS = [{"type": "function", "function": {"name": "press", "description": "Press one key.",
          "parameters": {"type": "object", "properties": {"key": {"type": "integer"}},
                         "required": ["key"]}}}]

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.keys = ""; self.done = False; self.ok = False
        return f"This is vault {self.v}.", {}
    def press(self, key):
        self.keys += str(key)
        return f"pressed {len(self.keys)} keys"
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().lower() == "open" and self.keys == _CODES[self.v]
        return ("Open." if self.ok else "Locked."), float(self.ok), True, False, {"success": self.ok}
