"""A code table of 60,000 vaults (hint ~720 KB). The gate check censors every hint token the
agent has not seen: one regex of ~60,000 spelled-apart alternatives, built and run on the host
event loop. Observed: 2+ minutes at --k 4, then env_error blamed on the environment ("reset:
the environment used 30.9 s of sandbox time"): host time charged as sandbox time."""
import random
DESCRIPTION = "You face a numbered vault. Answer with its 5-digit code. You have 1 attempt."
_N = 60000
_CODES = [random.Random(i).randrange(10000, 100000) for i in range(_N)]
HINT = "Codes: " + ",".join(f"v{i}={c}" for i, c in enumerate(_CODES))
MAX_TURNS = 1

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(_N)
        self.done = False; self.ok = False
        return f"This is vault v{self.v}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == str(_CODES[self.v])
        return ("Open." if self.ok else "Locked."), float(self.ok), True, False, {"success": self.ok}
