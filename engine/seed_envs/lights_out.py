"""Logic puzzle: a row of lights where each switch toggles a light and its neighbours."""

import random
from typing import Any

DESCRIPTION = (
    "Seven lights stand in a row, numbered 1 to 7. Pressing switch k toggles light k and its "
    "neighbours k-1 and k+1 (where they exist). Turn every light off. Each turn answer "
    "'press k'. You have 5 turns."
)
HINT = (
    "Presses commute and pressing a switch twice undoes it, so a solution is a set of "
    "switches. Decide whether switch 1 is pressed (try both), then switch k+1 must be pressed "
    "exactly when light k is still on; the row has a unique solution."
)
MAX_TURNS = 5


def _press(lights: list[int], k: int) -> None:
    for i in (k - 1, k, k + 1):
        if 0 <= i < len(lights):
            lights[i] ^= 1


class Env:
    def __init__(self) -> None:
        self._lights = [0] * 7
        self._turn = 0
        self._done = False
        self._success = False

    def _show(self) -> str:
        return "Lights: " + " ".join(str(v) for v in self._lights)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        self._lights = [0] * 7
        for k in rng.sample(range(7), rng.randrange(3, 6)):
            _press(self._lights, k)
        self._turn = 0
        self._done = False
        self._success = False
        return self._show(), {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        words = action.strip().lower().split()
        if len(words) == 2 and words[0] == "press" and words[1] in list("1234567"):
            _press(self._lights, int(words[1]) - 1)
            msg = self._show()
        else:
            msg = "Answer 'press k' with k from 1 to 7. " + self._show()
        if not any(self._lights):
            self._done, self._success = True, True
            return msg + ". All off!", 1.0, True, False, {"success": True}
        if self._turn >= MAX_TURNS:
            self._done = True
            return msg + ". Out of turns.", 0.0, False, True, {"success": False}
        return msg, 0.0, False, False, {"turn": self._turn}
