"""08's kind through a tool: the tool returns a dict holding 200,000 CJK characters (600 KB of
UTF-8, under the 1 MiB bound). The guest encodes dict results with json.dumps (ASCII escapes:
1.2 MB) and then again for the answer. A learnable task: read the dictionary, answer its length."""
DESCRIPTION = "Call the tool 'book' to get a book, then answer with the number of characters in its text."
HINT = "Count the characters of the 'text' field of the book and answer that number."
MAX_TURNS = 3
TOOLS = [{"type": "function", "function": {"name": "book", "description": "get the book",
          "parameters": {"type": "object", "properties": {}}}}]

class Env:
    def reset(self, seed=None, options=None):
        self.n = 200_000 - (seed or 0) % 1000
        self.t = 0
        return "A library.", {}
    def book(self):
        return {"title": "书", "text": "中" * self.n}
    def step(self, action):
        self.t += 1
        ok = action.strip() == str(self.n)
        return ("Right." if ok else "Wrong."), float(ok), ok or self.t >= 2, False, {"success": ok}
