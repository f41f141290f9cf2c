"""A method hint that restates the description's own "8x8": since _hint_numbers reads "8x8" as
the product 64, the dial setting 64 (the square count of the 8x8 board, which the description
asks for and the unhinted Agent plays too) becomes a hint-only token, is censored in the gate
check, and the design is flagged information_gate. The hint's information is only the method
(the panel code is the SUM of the two numbers; unhinted agents answer the product).
Agent: t11_agents.py:dial_then_sum.
Critic (score_env, CriticConfig(k=4), rng 11, 2026-12-02): EnvScored accepted=False,
flags=['information_gate'], regret=1.0, evidence tokens {'64': 'hint'}, censored_wins 0/6, 0.8 s.
The same file with the hint's "8x8" written "8 by 8" (same information): accepted=True, flags=[],
regret=1.0. It should not be flagged: a hint number whose expression the description writes
("8x8" is in DESCRIPTION) is the task's own number, as a stated token is. Severity: medium (a
method design paid 0; plausible whenever a hint restates a size, range or count the
description writes as arithmetic: 8x8, 2^10, 10x10, 1-100)."""
import random
DESCRIPTION = ("A safe has a dial and a panel. First set the dial to the number of squares of an "
               "8x8 chessboard (answer that number), then answer the panel's code, which is "
               "computed from the two numbers the panel shows. You have 3 turns.")
HINT = "Set the dial for the 8x8 board first; the panel code is the sum of the two numbers it shows."
MAX_TURNS = 3

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.a, self.b = r.randrange(10, 90), r.randrange(10, 90)
        self.stage = 0; self.t = 0; self.done = False; self.ok = False
        return "The panel is dark; the dial waits.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip()
        if self.stage == 0 and a == "64":
            self.stage = 1
            obs = f"The panel lights up and shows {self.a} and {self.b}."
        elif self.stage == 1 and a == str(self.a + self.b):
            self.done = self.ok = True
            return "The safe opens.", 1.0, True, False, {"success": True}
        else:
            obs = "Nothing happens."
        if self.t >= MAX_TURNS:
            self.done = True
            return obs + " Time is up.", 0.0, True, False, {"success": False}
        return obs, 0.0, False, False, {}
