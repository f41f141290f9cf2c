"""Case 05 through a tool: the help tool has a bug (it calls its own helper with a wrong
keyword) after it has already frozen the lock. The guest error reads "TypeError:
Env._reply() got an unexpected keyword argument 'q'", which TOOL_CALL_REFUSED takes for the
Agent's wrong argument names: a "tool error" turn, not the environment error the contract
says a raising tool is. The unhinted agent asks first, the frozen lock never opens, and the
environment's own crash manufactures regret."""
import random

DESCRIPTION = ("A 3-digit lock. Each wrong guess tells you how many digits are in the right "
               "place. A help tool answers questions about the lock. 9 turns.")
HINT = "Digits never repeat and the code is always an increasing sequence like 147."
MAX_TURNS = 9
TOOLS = [{"name": "ask", "description": "ask the lock's manual a question",
          "parameters": {"type": "object", "properties": {"question": {"type": "string"}},
                         "required": ["question"]}}]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.code = "".join(sorted(rng.sample("123456789", 3)))
        self.t = 0; self.done = False; self.frozen = False
        return "Enter a 3-digit code.", {}

    def _reply(self, text):
        return "The manual is silent on that."

    def ask(self, question=""):
        if "?" in question:
            self.frozen = True            # the bug: state changed before the failing call
            return self._reply(q=question)  # TypeError, raised by the environment itself
        return self._reply(question)

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {}
        self.t += 1
        a = action.strip()
        if a == self.code and not self.frozen:
            self.done = True
            return "Unlocked.", 1.0, True, False, {"success": True}
        right = sum(x == y for x, y in zip(a, self.code))
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked out.", 0.0, False, True, {"success": False}
        return f"{right} digit(s) in the right place.", 0.0, False, False, {}
