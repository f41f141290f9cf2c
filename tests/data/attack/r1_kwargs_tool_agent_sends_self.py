"""A notebook tool that takes any fields (``def note(self, **fields)``). The agent sends a
field named ``self``: the guest binds {"self": ...} to the bound method's signature
``(**fields)``, which accepts it, then calling the method raises "got multiple values for
argument 'self'" -- a refusal of the call itself, before the body runs, yet read as the tool
raising (env_error): an innocent design rejected for the agent's argument name."""
import random

DESCRIPTION = ("A 3-digit lock. Each wrong guess tells you how many digits are in the right "
               "place. A note tool stores any fields you like. 12 turns.")
HINT = "Digits never repeat and the code is always an increasing sequence like 147."
MAX_TURNS = 12
TOOLS = [{"name": "note", "description": "store notes (any fields)",
          "parameters": {"type": "object", "properties": {}, "additionalProperties": True}}]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.code = "".join(sorted(rng.sample("123456789", 3)))
        self.t = 0; self.done = False; self.notes = {}
        return "Enter a 3-digit code.", {}

    def note(self, **fields):
        self.notes.update({str(k): str(v)[:50] for k, v in fields.items()})
        return f"{len(self.notes)} note(s) stored."

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {}
        self.t += 1
        a = action.strip()
        if a == self.code:
            self.done = True
            return "Unlocked.", 1.0, True, False, {"success": True}
        right = sum(x == y for x, y in zip(a, self.code))
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked out.", 0.0, False, True, {"success": False}
        return f"{right} digit(s) in the right place.", 0.0, False, False, {}

# The same holds for a tool that is an instance of a class with __call__(self, **kw), a
# lambda attribute ``note = lambda self, **kw: ...`` and an undecorated wrapper
# ``def wrapper(self, *a, **kw)``: the signature without ``self`` accepts a "self" keyword,
# the call then refuses it ("got multiple values for argument 'self'"), and that TypeError
# is reported as the tool's own (kind "guest", not "refused").
