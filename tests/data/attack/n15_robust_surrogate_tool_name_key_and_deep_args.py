"""Robustness (tester28): a plain lookup environment whose scripted agent sends malformed tool
calls: a lone surrogate as the tool *name*, a lone surrogate as an argument *key*, and
arguments nested 100,000 deep as JSON text. Each must be that turn's failure (or a named
agent error), never a crash of scoring."""

import random

DESCRIPTION = "Look up the word of the day with lookup(topic='word') and answer it (three tries)."
HINT = "Call lookup with topic 'word', then answer exactly what it returns."
MAX_TURNS = 6
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "lookup",
            "description": "Look up a topic.",
            "parameters": {
                "type": "object",
                "properties": {"topic": {"type": "string"}},
                "required": ["topic"],
            },
        },
    }
]
_W = ["amber", "birch", "cedar", "delta", "ember", "fjord", "grove", "haven"]


class Env:
    def reset(self, seed=None, options=None):
        self.w = _W[random.Random(seed).randrange(len(_W))]
        self.tries = 0
        self.done = False
        self.ok = False
        return "Find the word of the day.", {}

    def lookup(self, topic=""):
        return self.w if topic == "word" else "nothing"

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.tries += 1
        self.ok = action.strip() == self.w
        if self.ok or self.tries >= 3:
            self.done = True
            return "Done.", float(self.ok), True, False, {"success": self.ok}
        return "Wrong.", 0.0, False, False, {}
