"""A tool whose signature does not take its schema's arguments."""

DESCRIPTION = "Find the number. Use the tool 'peek' with an index."
HINT = "Peek at every index, then answer the largest."
MAX_TURNS = 3
TOOLS = [
    {
        "name": "peek",
        "description": "value at index",
        "parameters": {
            "type": "object",
            "properties": {"index": {"type": "integer"}},
            "required": ["index"],
        },
    }
]


class Env:
    def reset(self, seed=None, options=None):
        self.turn = 0
        return "guess", {}

    def peek(self, position):
        return str(position)

    def step(self, action):
        self.turn += 1
        done = self.turn >= MAX_TURNS
        return "no", 0.0, False, done, {"success": False}
