"""tester41: a tool schema holding ``"maxLength": 10**5000`` (an int past CPython's 4,300-digit
str() limit). Today: the guest's own check raises on it (``ValueError: Exceeds the limit (4300
digits) for integer string conversion``), so it reads as ``crash``. Should be: ``api`` or
``not_serialisable`` naming the ``TOOLS`` path, as ``"minimum": inf`` there already is."""
import random
DESCRIPTION = "Guess the secret digit 0-9. 6 turns. Each wrong guess says higher or lower."
HINT = "Binary search: start at 5, then halve the interval."
MAX_TURNS = 6
TOOLS = [{"type": "function", "function": {"name": "peek", "description": "parity of the secret",
          "parameters": {"type": "object", "maxLength": 10**5000, "properties": {"q": {"type": "string"}}}}}]
class Env:
    def reset(self, seed=None, options=None):
        self.s = random.Random(seed).randrange(10); self.t = 0; self.done = False
        return "Guess a digit.", {}
    def peek(self, q=""):
        return "even" if self.s % 2 == 0 else "odd"
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {}
        self.t += 1
        a = action.strip()
        if a == str(self.s):
            self.done = True
            return "Right.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of turns.", 0.0, False, True, {"success": False}
        hl = "higher" if a.isdigit() and int(a) < self.s else "lower"
        return hl, 0.0, False, False, {}
