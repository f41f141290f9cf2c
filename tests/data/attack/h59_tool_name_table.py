"""A table of which lever opens which vault, the levers being tools: tool names are schema
words, never gate candidates, so the hint's vault -> lever table is never censored (one call,
then 'open'; a wrong lever locks the vault)."""
import random
_LEVERS = ["amber", "birch", "cobalt", "dune", "ember", "fjord", "garnet", "harbor", "indigo", "juniper"]
_ORDER = [3, 7, 0, 9, 5, 1, 8, 2, 6, 4]
DESCRIPTION = "You face a numbered vault with ten levers. Pull exactly one lever, then answer open."
TOOLS = [{"name": n, "description": "pull this lever",
          "parameters": {"type": "object", "properties": {}}} for n in _LEVERS]
HINT = "Levers: " + ", ".join(f"vault {i} opens with {_LEVERS[_ORDER[i]]}" for i in range(10)) + "."
MAX_TURNS = 3

def _pull(name):
    def pull(self):
        self.pulled = self.pulled or name
        return f"You pulled {name}."
    return pull

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(10)
        self.pulled = None; self.done = False; self.ok = False; self.t = 0
        return f"This is vault {self.v}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip().lower() == "open" and self.pulled:
            self.done = True
            self.ok = self.pulled == _LEVERS[_ORDER[self.v]]
            return ("Open." if self.ok else "Locked."), float(self.ok), True, False, {"success": self.ok}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return "Nothing happens.", 0.0, False, False, {}

for _n in _LEVERS:
    setattr(Env, _n, _pull(_n))
