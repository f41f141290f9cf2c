DESCRIPTION = "Say the magic word."
HINT = "The magic word is a colour of the sky on a clear day."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        self.turn = 0
        return "start", {}

    def step(self, action):
        self.turn += 1
        if len(action) > 1000:
            self.blob = bytearray(len(action) * 100_000)  # 2 GB on the long-action probe
        return "obs", 0.0, False, self.turn >= MAX_TURNS, {}
