"""A subtraction game (take 1-10 stones, the last stone wins) played by naming the pile you
leave. The hint is the textbook method, "leave a multiple of 11": every win ends by leaving
11 (then 0), a 2-digit hint token the Agent had not seen, so the gate check censors it, the
censored agent leaves another pile and loses. A method, not a secret (f5 with 2-digit piles)."""
import random
DESCRIPTION = ("Stone pile game against an opponent. Each turn remove between 1 and 10 stones; "
               "whoever takes the last stone wins. Answer with the number of stones you leave "
               "on the pile (0 to take the last one). Illegal answers lose.")
HINT = "Always leave a multiple of 11 stones: whatever the opponent takes, you can restore it."
MAX_TURNS = 12

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.pile = r.choice([n for n in range(60, 100) if n % 11])
        self.t = 0; self.done = False; self.ok = False
        return f"The pile has {self.pile} stones. Your move.", {}
    def _end(self, win, msg):
        self.done = True; self.ok = win
        return msg, float(win), True, False, {"success": win}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip()
        if not a.isdigit() or not 1 <= self.pile - int(a) <= 10:
            return self._end(False, "Illegal move. You lose.")
        self.pile = int(a)
        if self.pile == 0:
            return self._end(True, "You took the last stone. You win.")
        take = self.pile % 11 or 1          # the opponent plays the same method when it can
        self.pile -= take
        if self.pile == 0:
            return self._end(False, f"Opponent took {take}, the last stones. You lose.")
        if self.t >= MAX_TURNS:
            return self._end(False, "Out of turns.")
        return f"Opponent took {take}. The pile has {self.pile} stones. Your move.", 0.0, False, False, {}
