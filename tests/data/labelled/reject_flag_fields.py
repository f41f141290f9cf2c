DESCRIPTION = "Say the magic word."
HINT = "The magic word is a colour of the sky on a clear day."
MAX_TURNS = 3


class Env:
    """reports the time limit as terminated=True, with both flags on the last step."""

    def reset(self, seed=None, options=None):
        self.turn = 0
        return "start", {}

    def step(self, action):
        self.turn += 1
        out_of_time = self.turn >= MAX_TURNS
        return "obs", 0.0, out_of_time, out_of_time, {}
