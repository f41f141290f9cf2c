"""h12 with a per-seed opening move: the gate word is stated (as a decoy) in the description,
and the Agent must first echo the seed's ticket number, so the winning opening differs per seed
and the "opening answer" rule never sees 'sesame'; replayed open-loop the wins fail (tickets
differ), so constant_solution does not fire either."""
import random
DESCRIPTION = ("Read your ticket number from the first observation and answer it. Then the "
               "gatekeeper asks for the passphrase (it is not 'sesame', 'mellon', 'friend' or "
               "'open'). 3 turns.")
HINT = "After the ticket number, answer the gatekeeper with the passphrase 'sesame'."
MAX_TURNS = 3

class Env:
    def reset(self, seed=None, options=None):
        self.ticket = random.Random(seed).randrange(100, 1000)
        self.t = 0; self.stage = 0; self.done = False; self.ok = False
        return f"Your ticket is {self.ticket}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip().strip("'\"").lower()
        if self.stage == 0 and a == str(self.ticket):
            self.stage = 1
            obs, r = "Gatekeeper: passphrase?", 0.0
        elif self.stage == 1 and a == "sesame":
            self.done = self.ok = True
            return "The gate opens.", 1.0, True, False, {"success": True}
        else:
            obs, r = "No.", 0.0
        if self.t >= MAX_TURNS:
            self.done = True
            return "Closed.", 0.0, True, False, {"success": False}
        return obs, r, False, False, {}
