DESCRIPTION = "Say the magic word."
HINT = "The magic word is a colour of the sky on a clear day."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        return "start", {}

    def step(self, action):
        return "obs", 0.0, False, False, {}
