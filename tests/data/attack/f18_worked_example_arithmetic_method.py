"""Method hint with a worked example whose arithmetic is prose, not a named move: 'from a pile of 47
take 3 (47 - 3 leaves a multiple of eleven) ... since 5 + 6 is a full round'. _hint_numbers reads
47 - 3 = 44 and 5 + 6 = 11; every hinted win leaves 44 and 11 (all piles pass the multiples of
11), so both become 'constant' gate candidates, are censored, and the censored agent loses.
Critic (score_env, CriticConfig(k=4), rng 11, 2026-12-02 06:2x UTC): EnvScored accepted=False,
flags=['information_gate'], regret=1.0, 1.5 s; evidence tokens 44, 11 (constant), censored_wins 0/6.
It should be accepted (frontier): the same hint with the example written without the arithmetic ('take 3, leaving a
multiple of eleven; ... you take 6 to complete the round') is accepted=True, flags=[], regret 1.0
(~0.8 s, same agent t12_agents.py:leave_eleven). The game is f15's (take 1-10, name the pile
you leave), but the hint never writes 11 or 44, so this is not f15's documented false positive
(a hint that names the constant): the new _hint_numbers reading of incidental prose creates it.
"""
import random
DESCRIPTION = ("Stone pile game against an opponent. Each turn remove between 1 and 10 stones; "
               "whoever takes the last stone wins. Answer with the number of stones you leave "
               "on the pile (0 to take the last one). Illegal answers lose.")
HINT = ("Always leave the opponent a pile that is a multiple of eleven: whatever they take, "
        "you can restore it. Worked example: from a pile of 47 take 3 (47 - 3 leaves a "
        "multiple of eleven); if the opponent then takes 5, you take 6, since 5 + 6 is a full round.")
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
