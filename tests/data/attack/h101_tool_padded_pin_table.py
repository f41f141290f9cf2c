"""Tester-a: per-vault PIN table (vault 0: 42;); the PIN goes zero-padded as a JSON string
argument of the tool 'unlock' ({"pin": "0042"}), then the Agent answers 'enter'.
Agent: t13_agents.py:tool_padded.
Critic (attack(), k=4, rng 11, 54b999b, 2026-12-02): EnvScored accepted=False,
flags=['information_gate'], 0.7 s; tokens 0042, 0903, 0248, 0619, censored_wins 0/6. Held
(accepted=True before 54b999b)."""
import random
DESCRIPTION = ("You face a numbered vault. Call the tool 'unlock' with its PIN zero-padded to 4 "
               "digits (a string), then answer 'enter'. You have 3 turns.")
_CODES = [42, 391, 187, 903, 76, 555, 248, 619]
HINT = "Vault PINs: " + " ".join(f"vault {i}: {c};" for i, c in enumerate(_CODES))
MAX_TURNS = 3
TOOLS = [{"type": "function", "function": {"name": "unlock", "description": "type a PIN",
          "parameters": {"type": "object", "properties": {"pin": {"type": "string"}}}}}]

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0; self.open = False; self.done = False; self.ok = False
        return f"This is vault {self.v}.", {}
    def unlock(self, pin=""):
        self.open = pin == f"{_CODES[self.v]:04d}"
        return "Click." if self.open else "Buzz."
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        self.done = True
        self.ok = self.open and action.strip() == "enter"
        return ("Open." if self.ok else "Locked."), float(self.ok), True, False, {"success": self.ok}
