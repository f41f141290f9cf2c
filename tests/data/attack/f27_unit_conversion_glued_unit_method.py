"""Session 13: a unit-conversion task answered with the unit glued on (3000m); the method hint
names the factor 1000, which is also the answer on the seeds that draw 1 km (a third of them). A hint number the
Agent plays glued to a unit on some seeds only is no gate: must NOT be flagged.
Agent: t14_agents.py:km_to_m."""
import random
DESCRIPTION = ("Convert the distance in kilometres to metres. Answer with the number of metres "
               "followed directly by m (e.g. 250m). One attempt.")
HINT = "There are 1000 metres in a kilometre: multiply the kilometres by 1000."
MAX_TURNS = 1

class Env:
    def reset(self, seed=None, options=None):
        self.km = random.Random(seed).randint(1, 3)
        self.done = False; self.ok = False
        return f"Distance: {self.km} km.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == f"{self.km * 1000}m"
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
