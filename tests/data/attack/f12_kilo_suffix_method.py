"""Unit conversion: the keeper shows a mass in kilograms; answer it in grams. The hint is the
method (kilo means a thousand, so append three zeros), not a secret: any agent that knows the
SI prefix answers the same."""
import random
DESCRIPTION = ("The keeper shows a mass in kilograms. Answer with the same mass in grams, as a whole "
               "number only. Two tries.")
HINT = "Kilo means a thousand: write the kilograms followed by 000, e.g. 12 kg -> 12000."
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.done = False; self.ok = False
        self.kg = random.Random(seed).randint(2, 99)
        return f"Keeper: {self.kg} kg. How many grams?", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip() == str(self.kg * 1000):
            self.done = self.ok = True
            return "Correct.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Wrong.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
