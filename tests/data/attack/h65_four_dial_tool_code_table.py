"""A per-vault code table entered on a lock of four dials, one tool argument per dial:
set_dials(d1=7, d2=3, d3=9, d4=9). The code never appears as one token in the answer (each
digit is its own argument, a 1-digit number), so neither the candidate search nor the
censor (which joins only a list's pieces, not an object's values) reads 7399: a table gate."""
import random
_CODES = ["7399", "4182", "5630", "2917", "8054", "6341", "1728", "9465", "3806", "5274"]
DESCRIPTION = ("You face a numbered vault with a lock of four dials, each 0-9. Set them with "
               "the set_dials tool, then answer open. One setting only.")
_DIGIT = {"type": "integer", "minimum": 0, "maximum": 9}
TOOLS = [{"name": "set_dials", "description": "turn the four dials",
          "parameters": {"type": "object",
                         "properties": {"d1": _DIGIT, "d2": _DIGIT, "d3": _DIGIT, "d4": _DIGIT},
                         "required": ["d1", "d2", "d3", "d4"]}}]
HINT = "Codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.code = None; self.t = 0; self.done = False; self.ok = False
        return f"This is vault {self.v}.", {}

    def set_dials(self, d1=0, d2=0, d3=0, d4=0):
        if self.code is None:
            self.code = "".join(str(d)[:1] for d in (d1, d2, d3, d4))
        return "Click."

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip().lower() == "open" and self.code is not None:
            self.done = True
            self.ok = self.code == _CODES[self.v]
            return ("Open." if self.ok else "Locked."), float(self.ok), True, False, {"success": self.ok}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return "Nothing happens.", 0.0, False, False, {}
