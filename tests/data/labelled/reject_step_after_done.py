DESCRIPTION = "Say the magic word."
HINT = "The magic word is a colour of the sky on a clear day."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        self.turn = 0
        self.done = False
        return "start", {}

    def step(self, action):
        if self.done:
            raise RuntimeError("episode is over")
        self.turn += 1
        self.done = self.turn >= MAX_TURNS
        return "obs", 0.0, False, self.done, {}
