"""Grammar: turn the verb the keeper shows into its present participle. The hint is the rule
of English grammar (add 'ing'), public knowledge, not a secret."""
import random
VERBS = "walk talk jump read sleep sing climb paint cook play open help look call work".split()
DESCRIPTION = ("The keeper shows an English verb. Answer with its present participle, one word. "
               "Two tries.")
HINT = "The present participle adds ing to the verb, e.g. walk -> walking."
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.done = False; self.ok = False
        self.v = random.Random(seed).choice(VERBS)
        return f"Keeper: the verb is {self.v!r}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip().lower() == self.v + "ing":
            self.done = self.ok = True
            return "Correct.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Wrong.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
