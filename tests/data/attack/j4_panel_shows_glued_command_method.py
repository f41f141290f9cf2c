"""Tester-glued2 j4: the first observation shows the command to type, glued (`REL300 AMBER`, the colour per seed); the hint
holds no number ("type the release command the panel shows before you pull the lever"). Every
hinted win plays REL300 <colour>, which the Agent has SEEN; its 300 counts as unseen (glued numbers the
task shows never state a number, g4's fix) and, at 3 digits, is an unseen constant: censored, the
command breaks. Must NOT be flagged (j3's root cause, shown in an observation, not the
description). Got (3c97f99, k=4, seed 0, 2026-12-02): accepted=True, flags=['information_gate'] (tokens {'300': 'constant'},
censored_wins 0/6), regret=1.0, frontier=False, 3.0 s. At bdc1e6b~1: flags=[], frontier, regret 1.0. Command:
OMP_NUM_THREADS=1 nice -n 19 /work/main/.venv/bin/python -m engine.score tests/data/attack/j4_panel_shows_glued_command_method.py --agent tests/data/attack/tj_agents.py:panel --json"""
import random
DESCRIPTION = "Open the hatch. Type commands; 'pull' pulls the lever. 3 turns."
HINT = "Type the release command the panel shows before you pull the lever."
MAX_TURNS = 3

class Env:
    def reset(self, seed=None, options=None):
        self.colour = random.Random(seed).choice(["red", "green", "blue", "amber"])
        self.released = False; self.t = 0; self.done = False; self.ok = False
        return f"A {self.colour} panel reads: RELEASE COMMAND: REL300 {self.colour.upper()}. A lever is beside it.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip().upper()
        if a == f"REL300 {self.colour.upper()}":
            self.released = True
            msg = "Clunk. The catch is released."
        elif a == "PULL":
            self.done = True
            self.ok = self.released
            return ("The hatch opens." if self.ok else "The lever jams for good."), float(self.ok), True, False, {"success": self.ok}
        else:
            msg = "Nothing happens."
        if self.t >= MAX_TURNS:
            self.done = True
            return "Time is up.", 0.0, True, False, {"success": False}
        return msg, 0.0, False, False, {}
