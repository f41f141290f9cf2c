"""Tester-glued2 j3: a method hint with NO number at all ("biggest step that does not
overshoot: hundreds, then tens, then ones") for a counter driven by the commands the
description lists, up1/up10/up100/down1/down10/down100. Every hinted win plays `up100`; the
task states it (the description), but only glued, so its 100 is a 3-digit token "unseen before
it was played in every win" (the unseen-constant rule of _gate_candidates) and the censor breaks
`up100` into an unknown command. Must NOT be flagged. Got (3c97f99, k=4, seed 0, 2026-12-02): accepted=True, flags=['information_gate'] (tokens {'100': 'constant'},
censored_wins 0/6), regret=1.0, frontier=False, 2.0 s. At bdc1e6b~1: flags=[], frontier, regret 1.0. Command:
OMP_NUM_THREADS=1 nice -n 19 /work/main/.venv/bin/python -m engine.score tests/data/attack/j3_step_commands_method_hint_without_numbers.py --agent tests/data/attack/tj_agents.py:counter --json"""
import random
DESCRIPTION = ("A counter shows its value and a target. Reach the target exactly. Commands: up1, "
               "up10, up100, down1, down10, down100 (one a turn). You have 30 turns.")
HINT = ("Close the gap with the biggest step that does not overshoot: hundreds first, then "
        "tens, then ones.")
MAX_TURNS = 30
_STEPS = {f"{d}{n}": (1 if d == "up" else -1) * n for d in ("up", "down") for n in (1, 10, 100)}

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.v = r.choice([x for x in range(11, 100) if x % 10])
        self.target = r.randint(600, 999)
        self.t = 0; self.done = False; self.ok = False
        return self._show(), {}
    def _show(self):
        return f"Value {self.v}, target {self.target}."
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip()
        if a in _STEPS:
            self.v += _STEPS[a]
            msg = self._show()
        else:
            msg = f"Unknown command. {self._show()}"
        if self.v == self.target:
            self.done = self.ok = True
            return "Target reached.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of turns.", 0.0, True, False, {"success": False}
        return msg, 0.0, False, False, {}
