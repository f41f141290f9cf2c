"""Tester-glued2 j5: find a meeting slot; times are written the way the description asks,
hours and minutes glued by h (`14h30`), on the quarter hour from 08h00 to 17h45. The hint is a
method (binary search, start at 13h00) that, as hints do, names the quarter-hour marks :00,
:15, :30, :45. Since bdc1e6b every minute part of every answer is a hint number glued to a
letter, censored between non-digits into a time that is no slot. Must NOT be flagged (a
binary-search method hint, closed-loop, like f1/f26). Got (3c97f99, k=4, seed 0, 2026-12-02): accepted=True, flags=['information_gate'] (tokens {'13h00': 'constant', '13', '00', '15', '30', '45': 'hint'},
censored_wins 0/6), regret=1.0, frontier=False, 1.5 s. At bdc1e6b~1: flags=[], frontier, regret 1.0.
With --hint lacking the first sentence (no :00 :15 :30 :45) it holds: flags=[], frontier. Command:
OMP_NUM_THREADS=1 nice -n 19 /work/main/.venv/bin/python -m engine.score tests/data/attack/j5_quarter_hour_times_binary_search_method.py --agent tests/data/attack/tj_agents.py:slots --json"""
import random
DESCRIPTION = ("A meeting is booked in one quarter-hour slot between 08h00 and 17h45. Guess it; "
               "write times as HHhMM (e.g. 09h15). After each guess I say earlier or later. "
               "8 guesses.")
HINT = ("Slots fall on :00, :15, :30 and :45 of each hour. Binary search them: start at 13h00, "
        "then always guess the middle slot of those left.")
MAX_TURNS = 8
_SLOTS = [f"{h:02d}h{m:02d}" for h in range(8, 18) for m in (0, 15, 30, 45)]

class Env:
    def reset(self, seed=None, options=None):
        self.i = random.Random(seed).randrange(len(_SLOTS))
        self.t = 0; self.done = False; self.ok = False
        return "Guess the slot.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip()
        if a == _SLOTS[self.i]:
            self.done = self.ok = True
            return "That's it!", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of guesses.", 0.0, True, False, {"success": False}
        if a not in _SLOTS:
            return "That is not a slot.", 0.0, False, False, {}
        return ("later" if _SLOTS.index(a) < self.i else "earlier"), 0.0, False, False, {}
