"""Information gate: a constant pass phrase written in Morse (dots, dashes, slashes: no word
character at all), after a per-seed ticket number shown in the observation (the winning answer
differs per seed, so the constant-solution replay loses; the hint's pieces alone lose)."""
import random

DESCRIPTION = ("Tap your ticket number, a space, then the pass phrase in Morse code (letters "
               "separated by spaces). You have 1 attempt.")
HINT = "The pass phrase is -- . .-.. .-.. --- -. (tap it exactly so after the ticket number)."
MAX_TURNS = 1
_PHRASE = "-- . .-.. .-.. --- -."


class Env:
    def reset(self, seed=None, options=None):
        self.ticket = str(random.Random(seed).randrange(1000, 10000))
        self.done = False
        return f"Ticket {self.ticket}. Tap now.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.done = True
        ok = " ".join(action.split()) == f"{self.ticket} {_PHRASE}"
        return ("Open." if ok else "Wrong."), float(ok), True, False, {"success": ok}
