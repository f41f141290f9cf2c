DESCRIPTION = "Say the magic word."
HINT = "The magic word is a colour of the sky on a clear day."
MAX_TURNS = 3
ANSWER = "blue"


class Env:
    def reset(self, seed=None, options=None):
        self.turn = 0
        return "start (psst: the word is blue)", {}

    def step(self, action):
        self.turn += 1
        done = action.strip() == "blue"
        return "obs", float(done), done, (not done and self.turn >= MAX_TURNS), {"success": done}
