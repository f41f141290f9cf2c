"""tester41: reset() returns an object whose class has a metaclass with a raising ``__name__``
property. The guest's new wrong-return message reads ``type(value).__name__``, which runs the
program's property and raises: today ``crash`` ("reset failed: ValueError: name", the traceback
through spade_guest.py's ``_got``). Should be: ``api`` saying reset() must return a tuple (the
type's real name, read past the metaclass, e.g. ``type.__dict__['__name__'].__get__(cls)``)."""
import random
DESCRIPTION = "Guess the secret digit 0-9. 6 turns. Each wrong guess says higher or lower."
HINT = "Binary search: start at 5, then halve the interval."
MAX_TURNS = 6
TOOLS = [{"type": "function", "function": {"name": "peek", "description": "parity of the secret",
          "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}}}]
class _Meta(type):
    @property
    def __name__(cls):
        raise ValueError("name")


class _W(metaclass=_Meta):
    pass


class Env:
    def reset(self, seed=None, options=None):
        self.s = random.Random(seed).randrange(10); self.t = 0; self.done = False
        return _W()
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
