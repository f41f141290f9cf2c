DESCRIPTION = "Say the magic word."
HINT = "The magic word is a colour of the sky on a clear day."
MAX_TURNS = 3


class Env:
    """reset(seed) is not reproducible on one instance: gymnasium's env checker catches it."""

    resets = 0

    def reset(self, seed=None, options=None):
        Env.resets += 1
        self.turn = 0
        return f"episode {Env.resets}", {}

    def step(self, action):
        self.turn += 1
        done = action.strip() == "blue"
        return "obs", float(done), done, (not done and self.turn >= MAX_TURNS), {"success": done}
