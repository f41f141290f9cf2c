"""07's kind moved out of validation: fast on the public probe seeds (< 1e6) and on numeric
answers; every non-numeric step on a scoring seed burns ~0.7 s (under the 2 s deadline).
The hint-literal probe (hint_wins) plays the whole hint and each of its ~32 words for
MAX_TURNS steps on scoring seeds, with no total budget: ~1000 slow steps, no verdict for minutes."""
DESCRIPTION = "A number is shown. Answer with the right number. 30 turns."
HINT = ("Take every digit of shown value, then write them backwards: first becomes last, second "
        "becomes penultimate, middle stays put; answer only that reversed string without spaces, "
        "quotes, signs or any extra commentary whatsoever please friend")
MAX_TURNS = 30
WORK = 6_000_000

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.done = False; self.ok = False
        self.slow = (seed or 0) >= 1_000_000
        self.n = str((seed or 0) % 900000 + 100000)
        return f"Number: {self.n}", {}
    def step(self, action):
        a = action.strip()
        if self.slow and not a.isdigit():
            s = 0
            for i in range(WORK):
                s += i & 7
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if a == self.n[::-1]:
            self.done = self.ok = True
            return "Right.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of turns.", 0.0, False, True, {"success": False}
        return f"Wrong. Number: {self.n}", 0.0, False, False, {}
