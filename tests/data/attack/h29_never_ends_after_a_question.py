"""Number lock that, after any action containing '?', never ends again (it answers "..." to
every later step, terminated and truncated both False): a broken environment, in breach of the
contract ("the environment itself must end within MAX_TURNS steps"). The probes never send '?'.
Scoring episodes of an agent that asks a question run out of turns (status max_turns) and are
counted as the agent's failures, manufacturing regret."""
import random

DESCRIPTION = "A 3-digit lock. Each wrong guess tells you how many digits are in the right place. 8 turns."
HINT = "Digits never repeat and the code is always an increasing sequence like 147."
MAX_TURNS = 8


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.code = "".join(sorted(rng.sample("123456789", 3)))
        self.t = 0
        self.done = False
        self.stuck = False
        return "Enter a 3-digit code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        if self.stuck or "?" in action:
            self.stuck = True          # the bug under test: the parser hangs in a state it never leaves
            return "...", 0.0, False, False, {}
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
