"""Information gate: a constant pass phrase of three emoji (no word character), after a per-seed
ticket number shown in the observation."""
import random

DESCRIPTION = "Answer with your ticket number, a space, then the three-emoji pass phrase. 1 attempt."
HINT = "The pass phrase is 🐟🌊🔑 (in that order, after the ticket number)."
MAX_TURNS = 1
_PHRASE = "🐟🌊🔑"


class Env:
    def reset(self, seed=None, options=None):
        self.ticket = str(random.Random(seed).randrange(1000, 10000))
        self.done = False
        return f"Ticket {self.ticket}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.done = True
        ok = action.strip() == f"{self.ticket} {_PHRASE}"
        return ("Open." if ok else "Wrong."), float(ok), True, False, {"success": ok}
