"""Grid navigation where the controls are secretly rotated."""

import random
from typing import Any

DESCRIPTION = (
    "You are on a 6x6 grid (rows 0-5 from north to south, columns 0-5 from west to east). "
    "Reach the goal cell. Each turn answer with one command: north, east, south or west. "
    "Walls surround the grid. You have 16 turns."
)
HINT = (
    "The controls are rotated by the same number of quarter-turns for the whole episode. "
    "Spend one move to see where a command really takes you, then translate every command."
)
MAX_TURNS = 16

_NAMES = ("north", "east", "south", "west")
_DELTA = ((-1, 0), (0, 1), (1, 0), (0, -1))


class Env:
    def __init__(self) -> None:
        self._pos = (0, 0)
        self._goal = (0, 0)
        self._rot = 1
        self._turn = 0
        self._done = False
        self._success = False

    def _where(self) -> str:
        return (
            f"Position: ({self._pos[0]}, {self._pos[1]}). Goal: ({self._goal[0]}, {self._goal[1]})."
        )

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        while True:
            self._pos = (rng.randrange(6), rng.randrange(6))
            self._goal = (rng.randrange(6), rng.randrange(6))
            if abs(self._pos[0] - self._goal[0]) + abs(self._pos[1] - self._goal[1]) >= 4:
                break
        self._rot = rng.choice((1, 2, 3))
        self._turn = 0
        self._done = False
        self._success = False
        return "You stand on the grid. " + self._where(), {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        cmd = action.strip().lower()
        if cmd in _NAMES:
            dr, dc = _DELTA[(_NAMES.index(cmd) + self._rot) % 4]
            r, c = self._pos[0] + dr, self._pos[1] + dc
            if 0 <= r < 6 and 0 <= c < 6:
                old = self._pos
                self._pos = (r, c)
                text = f"Command: {cmd}. You moved from ({old[0]}, {old[1]}) to ({r}, {c})."
            else:
                text = f"Command: {cmd}. You bumped into a wall and did not move."
        else:
            text = f"Unknown command {cmd[:40]!r}; use north, east, south or west."
        if self._pos == self._goal:
            self._done, self._success = True, True
            return text + " You reached the goal!", 1.0, True, False, {"success": True}
        if self._turn >= MAX_TURNS:
            self._done = True
            return text + " Out of turns.", 0.0, False, True, {"success": False}
        return f"{text} {self._where()}", 0.0, False, False, {"turn": self._turn}
