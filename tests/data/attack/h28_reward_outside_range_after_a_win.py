"""A fourth tester's: a copy task whose winning step pays 1e308, outside the default REWARD_RANGE
(0, 1). Validation's random actions never win, so only scoring reaches that step."""

DESCRIPTION = "The observation shows a word between brackets. Answer with it. 2 turns."
HINT = "Answer with exactly the letters between the brackets."
MAX_TURNS = 2
_WORDS = ["apple", "river", "stone", "cloud", "lemon", "tiger", "piano", "grape"]


class Env:
    def reset(self, seed=None, options=None):
        self.t = 0
        self.done = self.ok = False
        self.word = _WORDS[(seed or 0) % len(_WORDS)]
        return f"The word is [{self.word}].", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip().lower() == self.word:
            self.done = self.ok = True
            return "Correct.", 1e308, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Wrong.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
