"""Sorting puzzle: sort a row of letters with the fewest possible swaps."""

import random
from typing import Any

DESCRIPTION = (
    "Six letters A-F stand in a row in some order. Sort them alphabetically by swapping two "
    "positions per turn: answer 'swap i j' (positions 1-6). You only have as many swaps as "
    "the fewest that can sort the row; the first observation says how many."
)
HINT = (
    "Think of the row as cycles of misplaced letters: a cycle of length L needs L-1 swaps. "
    "Every swap must put at least one letter into its final position; adjacent swaps "
    "(bubble sort) waste moves."
)
MAX_TURNS = 5


def _min_swaps(row: list[str]) -> int:
    seen = [False] * len(row)
    cycles = 0
    for i in range(len(row)):
        if not seen[i]:
            cycles += 1
            j = i
            while not seen[j]:
                seen[j] = True
                j = ord(row[j]) - 65
    return len(row) - cycles


def _inversions(row: list[str]) -> int:
    return sum(row[i] > row[j] for i in range(len(row)) for j in range(i + 1, len(row)))


class Env:
    def __init__(self) -> None:
        self._row: list[str] = []
        self._left = 0
        self._turn = 0
        self._done = False
        self._success = False

    def _show(self) -> str:
        return f"Row: {' '.join(self._row)}. Swaps left: {self._left}."

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        row = list("ABCDEF")
        while True:
            rng.shuffle(row)
            k = _min_swaps(row)
            if 3 <= k <= MAX_TURNS and _inversions(row) > k:
                break
        self._row, self._left = row, k
        self._turn = 0
        self._done = False
        self._success = False
        return self._show(), {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        self._left -= 1
        words = action.strip().lower().split()
        if (
            len(words) == 3
            and words[0] == "swap"
            and words[1] in list("123456")
            and words[2] in list("123456")
        ):
            i, j = int(words[1]) - 1, int(words[2]) - 1
            self._row[i], self._row[j] = self._row[j], self._row[i]
            msg = self._show()
        else:
            msg = "Answer 'swap i j'. " + self._show()
        if self._row == sorted(self._row):
            self._done, self._success = True, True
            return msg + " Sorted!", 1.0, True, False, {"success": True}
        if self._left <= 0 or self._turn >= MAX_TURNS:
            self._done = True
            return msg + " No swaps left.", 0.0, True, False, {"success": False}
        return msg, 0.0, False, False, {"turn": self._turn}
