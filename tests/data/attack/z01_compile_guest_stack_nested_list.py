"""tester39: a 200-deep nested list literal (``[[[...]]]``). CPython on the host compiles it
(its parser's limit is 200 nested brackets, so the host-side compile check passes), but the guest
interpreter's compiler overflows the WebAssembly call stack while loading it. Today: rejected
``crash`` ("load failed: guest trapped: wasm stack overflow"), the reason for an exception or trap
under the validation's actions. Should be: ``compile`` (a program too deeply nested to compile in
the sandbox is a compile failure, like the host's RecursionError on a 3,001-term expression);
nothing of the environment ran."""
import random
_x = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]
DESCRIPTION = "Guess the secret digit 0-9. 6 turns. Each wrong guess says higher or lower."
HINT = "Binary search: start at 5, then halve the interval."
MAX_TURNS = 6
TOOLS = [{"type": "function", "function": {"name": "peek", "description": "parity of the secret",
          "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}}}]
class Env:
    def reset(self, seed=None, options=None):
        self.s = random.Random(seed).randrange(10); self.t = 0; self.done = False
        return "Guess a digit.", {}
    def peek(self, q=""):
        return "even" if self.s % 2 == 0 else "odd"
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {}
        self.t += 1
        a = action.strip()
        if a == str(self.s):
            self.done = True
            return "Right.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of turns.", 0.0, False, True, {"success": False}
        hl = "higher" if a.isdigit() and int(a) < self.s else "lower"
        return hl, 0.0, False, False, {}
