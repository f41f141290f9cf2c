"""h58's kind over two tools: the code's first two digits go to the left keypad, the last two
to the right one, one call (one argument) a turn, then ``open``."""
import random
DESCRIPTION = ("You face a numbered vault with two keypads. Press the first two digits of its "
               "4-digit code on the left keypad and the last two on the right one, one call a "
               "turn, then answer 'open'.")
_CODES = ["7399", "4182", "5630", "2917", "8054", "6341", "1728", "9465", "3806", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 6
TOOLS = [{"type": "function", "function": {"name": n, "description": "Press one key.",
          "parameters": {"type": "object", "properties": {"key": {"type": "integer"}},
                         "required": ["key"]}}} for n in ("left", "right")]

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.l = ""; self.r = ""; self.done = False; self.ok = False
        return f"This is vault {self.v}.", {}
    def left(self, key):
        self.l += str(key)
        return "beep"
    def right(self, key):
        self.r += str(key)
        return "boop"
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().lower() == "open" and self.l + self.r == _CODES[self.v]
        return ("Open." if self.ok else "Locked."), float(self.ok), True, False, {"success": self.ok}
