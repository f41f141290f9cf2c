"""REWARD_RANGE with text bounds: read as unbounded, it would lift the range silently (api)."""

DESCRIPTION = "Say ok. 2 turns."
HINT = "Say ok."
MAX_TURNS = 2
REWARD_RANGE = ("low", "high")


class Env:
    def reset(self, seed=None, options=None):
        self.t = 0
        return "Say ok.", {}

    def step(self, action):
        self.t += 1
        won = action.strip() == "ok"
        return "done" if won else "no", 1.0 if won else 0.0, won or self.t >= 2, False, {}
