"""Case 05's kind through a tool: the 'ask' tool crashes (raises) on every call, and leaves the
lock broken, so every later guess fails. A tool that raises is shown to the Agent as
"tool error: ..." and the episode counts as the Agent's failure, not an env_error."""
import random

DESCRIPTION = ("A 3-digit lock. Each wrong guess tells you how many digits are in the right place. "
               "8 turns. You may ask the keeper a question with the tool 'ask'.")
HINT = "Digits never repeat and the code is always an increasing sequence like 147."
MAX_TURNS = 8
TOOLS = [{"type": "function", "function": {"name": "ask", "description": "ask the keeper",
          "parameters": {"type": "object", "properties": {"question": {"type": "string"}},
                         "required": ["question"]}}}]

class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.code = "".join(sorted(rng.sample("123456789", 3)))
        self.t = 0; self.done = False; self.broken = False
        return "Enter a 3-digit code.", {}
    def ask(self, question=""):
        self.broken = True
        raise RuntimeError("the keeper's parser crashed")      # the crash under test
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {}
        self.t += 1
        a = action.strip()
        if a == self.code and not self.broken:
            self.done = True
            return "Unlocked.", 1.0, True, False, {"success": True}
        right = 0 if self.broken else sum(x == y for x, y in zip(a, self.code))
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked out.", 0.0, False, True, {"success": False}
        return f"{right} digit(s) in the right place.", 0.0, False, False, {}
