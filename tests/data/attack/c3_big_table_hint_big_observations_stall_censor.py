"""A table gate whose hint lists 40,000 vault codes, and a vault that answers every wrong
word with 1 MB of static. The censored agent's _EpisodeView.see tests every one of the
hint's 40,000 unstated tokens against each new observation (``normalise_text(t) in
part.text``): 40,000 scans of 1 MB, ~20 s of host time per observation, on the event loop
(not in a worker thread), for every turn of every one of the 6 gate episodes.
At --k 2 the whole score ran past 200 s (killed). With _N = 5000 it ends in 90 s, 61 s of it
in _EpisodeView.see's set comprehension, and the event-loop stall is charged to the
environment: "REJECTED (env_error): ... the environment used 34.1 s of sandbox time, over the
episode budget agent.episode_budget_s=30" -- a design rejected for the host's own work."""
import random

_N = 40000
_CODES = [f"kq{(i * 7919) % 100000:05d}x" for i in range(_N)]
DESCRIPTION = ("You face a numbered vault. Say its code word to open it. Any other word makes "
               "the vault hiss static at you. 6 turns.")
HINT = "Vault codes: " + ", ".join(f"vault {i}: {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 6
_STATIC = "kq0 " * 250000


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(_N)
        self.t = 0; self.done = False; self.ok = False
        return f"This is vault {self.v}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip() == _CODES[self.v]:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return _STATIC, 0.0, False, False, {}
