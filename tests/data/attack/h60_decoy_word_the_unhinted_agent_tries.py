"""h9 (the gate word named as a decoy in the first observation) scored with an unhinted agent that
sometimes tries the decoy word: an unhinted episode that played it takes the word out of the
'constant' candidates, and seen in the observation it is no 'hint' candidate: frontier.
Agent: t9_agents.py:gate_sometimes_tries_decoy."""
DESCRIPTION = "Answer the question in the second observation. 3 turns."
HINT = "Before anything else, greet the gatekeeper with the word 'sesame'."
MAX_TURNS = 3

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.open = False; self.done = False; self.ok = False
        s = seed or 0
        self.a, self.b = s % 97 + 2, (s // 97) % 89 + 3
        return "Gatekeeper: speak. (Hint for the lazy: sesame is NOT the word.)", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip().lower()
        if self.t == 1:
            self.open = a == "sesame"
            if not self.open:
                self.done = True
                return "The gate stays shut forever.", 0.0, True, False, {"success": False}
            return f"What is {self.a}+{self.b}?", 0.0, False, False, {}
        if a == str(self.a + self.b):
            self.done = self.ok = True
            return "Correct.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Wrong.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
