"""Tester-a: h101 with the zero-padded PIN sent as a list of 1-character strings
({"digits": ["0", "0", "4", "2"]}). Agent: t13_agents.py:tool_digit_list.
Critic (attack(), k=4, rng 11, 54b999b, 2026-12-02): EnvScored accepted=False,
flags=['information_gate'], 0.7 s; censored_wins 0/6. Held (accepted=True before 54b999b)."""
import random
DESCRIPTION = ("You face a numbered vault. Call the tool 'unlock' with the 4 digits of its PIN "
               "zero-padded, as a list of 1-character strings, then answer 'enter'. You have 3 turns.")
_CODES = [42, 391, 187, 903, 76, 555, 248, 619]
HINT = "Vault PINs: " + " ".join(f"vault {i}: {c};" for i, c in enumerate(_CODES))
MAX_TURNS = 3
TOOLS = [{"type": "function", "function": {"name": "unlock", "description": "type a PIN",
          "parameters": {"type": "object", "properties": {"digits": {"type": "array", "items": {"type": "string"}}}}}}]

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0; self.open = False; self.done = False; self.ok = False
        return f"This is vault {self.v}.", {}
    def unlock(self, digits=()):
        self.open = "".join(map(str, digits)) == f"{_CODES[self.v]:04d}"
        return "Click." if self.open else "Buzz."
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        self.done = True
        self.ok = self.open and action.strip() == "enter"
        return ("Open." if self.ok else "Locked."), float(self.ok), True, False, {"success": self.ok}
