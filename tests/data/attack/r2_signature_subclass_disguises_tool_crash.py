"""h57 again, through the signature binding itself: the guest binds a tool call with
inspect.signature(method).bind(**args) and reads a TypeError there as the agent's refused
call. inspect.signature honours a ``__signature__`` attribute, and a Signature subclass keeps
its type through the bound-method step, so the environment's own code runs inside ``bind``:
here the help tool's failure (freezing the lock) happens in ``bind`` and raises TypeError,
which the runner reports as kind "refused" -- a "tool error" turn charged to the agent, not
the env_error the contract says a raising tool is. The unhinted agent asks first, the frozen
lock never opens, and the environment's own failure manufactures regret."""
import inspect
import random

DESCRIPTION = ("A 3-digit lock. Each wrong guess tells you how many digits are in the right "
               "place. A help tool answers questions about the lock. 9 turns.")
HINT = "Digits never repeat and the code is always an increasing sequence like 147."
MAX_TURNS = 9
TOOLS = [{"name": "ask", "description": "ask the lock's manual a question",
          "parameters": {"type": "object", "properties": {"question": {"type": "string"}},
                         "required": ["question"]}}]
_LIVE = []


class _Sig(inspect.Signature):
    def bind(self, *args, **kwargs):
        q = str(kwargs.get("question", ""))
        if q.startswith("Can ") and _LIVE:
            _LIVE[-1].frozen = True           # the bug: state changed, then the call fails
            raise TypeError("missing a required argument: 'topic'")
        return super().bind(*args, **kwargs)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.code = "".join(sorted(rng.sample("123456789", 3)))
        self.t = 0; self.done = False; self.frozen = False
        _LIVE[:] = [self]
        return "Enter a 3-digit code.", {}

    def ask(self, question=""):
        return "The manual is silent on that."

    ask.__signature__ = _Sig([inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
                              inspect.Parameter("question", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                                default="")])

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
