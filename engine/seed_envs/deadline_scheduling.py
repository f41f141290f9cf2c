"""Scheduling: order jobs on one machine so that every job meets its deadline."""

import random
from typing import Any

DESCRIPTION = (
    "One machine runs jobs one after another starting at time 0. The first observation lists "
    "each job's duration and deadline. Answer with an order 'order J1,J2,...' in which every "
    "job finishes by its deadline. You have 2 attempts."
)
HINT = (
    "Sort by deadline: running jobs in order of earliest deadline first meets every deadline "
    "whenever any order can (Jackson's rule). Job length does not matter for the order."
)
MAX_TURNS = 2


def _feasible(order: list[str], jobs: dict[str, tuple[int, int]]) -> bool:
    t = 0
    for j in order:
        t += jobs[j][0]
        if t > jobs[j][1]:
            return False
    return True


class Env:
    def __init__(self) -> None:
        self._jobs: dict[str, tuple[int, int]] = {}
        self._turn = 0
        self._done = False
        self._success = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        names = [f"J{i}" for i in range(1, 7)]
        for _ in range(2000):
            durs = [rng.randrange(1, 9) for _ in names]
            edf_order = list(range(6))
            rng.shuffle(edf_order)
            # deadlines: tight along a random order, so that order is the EDF order
            t, dl = 0, [0] * 6
            for i in edf_order:
                t += durs[i]
                dl[i] = t + rng.randrange(0, 2)
            jobs = {n: (durs[i], dl[i]) for i, n in enumerate(names)}
            spt = sorted(names, key=lambda n: (jobs[n][0], n))
            if not _feasible(spt, jobs) and not _feasible(names, jobs):
                break
        self._jobs = jobs
        self._turn = 0
        self._done = False
        self._success = False
        lines = [f"{n}: duration {d}, deadline {e}" for n, (d, e) in jobs.items()]
        return "Jobs:\n" + "\n".join(lines), {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        text = action.strip()
        order = (
            [p.strip().upper() for p in text[5:].split(",")]
            if text.lower().startswith("order")
            else []
        )
        if sorted(order) != sorted(self._jobs):
            msg = "Answer 'order ' followed by every job id once, comma-separated."
        elif _feasible(order, self._jobs):
            self._done, self._success = True, True
            return "All deadlines met!", 1.0, True, False, {"success": True}
        else:
            msg = "Some job misses its deadline."
        if self._turn >= MAX_TURNS:
            self._done = True
            return msg + " No attempts left.", 0.0, True, False, {"success": False}
        return msg, 0.0, False, False, {"turn": self._turn}
