"""Tool use: pick warehouse items that fill a truck as fully as possible."""

import random
from typing import Any

DESCRIPTION = (
    "A truck can carry at most the capacity given in the first observation (kg). Choose "
    "warehouse items whose total weight is as large as possible without exceeding it. Use the "
    "tool list_items to see the item ids and weigh to learn an item's weight, then answer "
    "'pack ID,ID,...'. Only the best possible load counts. You have 3 packing attempts and "
    "12 turns in all; every answer, tool calls included, takes one turn."
)
HINT = (
    "Loading the heaviest items first leaves a gap here. Some combination of items fills the "
    "truck exactly to capacity: weigh every item, then search the subsets (at most 128)."
)
# Every answer is a turn, tool calls included: listing (1) and weighing all 7 items (7) leave
# room for the 3 packing attempts.
MAX_TURNS = 12
ATTEMPTS = 3
TOOLS = [
    {
        "name": "list_items",
        "description": "List the ids of the items in the warehouse.",
        "parameters": {"type": "object", "properties": {}},
    },
    {
        "name": "weigh",
        "description": "Weigh one item; returns its weight in kg.",
        "parameters": {
            "type": "object",
            "properties": {"item_id": {"type": "string", "description": "an item id"}},
            "required": ["item_id"],
        },
    },
]


def _greedy(weights: dict[str, int], cap: int) -> int:
    total = 0
    for w in sorted(weights.values(), reverse=True):
        if total + w <= cap:
            total += w
    return total


class Env:
    def __init__(self) -> None:
        self._weights: dict[str, int] = {}
        self._cap = 0
        self._turn = 0
        self._done = False
        self._success = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        for _ in range(1000):
            ids = [f"{chr(65 + i)}{rng.randrange(10, 100)}" for i in range(7)]
            self._weights = {i: rng.randrange(3, 31) for i in ids}
            chosen = rng.sample(ids, rng.randrange(3, 5))
            self._cap = sum(self._weights[i] for i in chosen)
            if _greedy(self._weights, self._cap) < self._cap:
                break
        self._turn = 0
        self._done = False
        self._success = False
        return f"Truck capacity: {self._cap} kg. The warehouse holds 7 items.", {"turn": 0}

    def list_items(self, **_: Any) -> str:
        return "Items: " + ", ".join(sorted(self._weights))

    def weigh(self, item_id: str = "", **_: Any) -> str:
        key = str(item_id).strip().upper()
        if key not in self._weights:
            return f"No item {key[:20]!r}."
        return f"{key} weighs {self._weights[key]} kg."

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        text = action.strip()
        if text.lower().startswith("pack"):
            ids = [p.strip().upper() for p in text[4:].split(",") if p.strip()]
            if ids and len(set(ids)) == len(ids) and all(i in self._weights for i in ids):
                total = sum(self._weights[i] for i in ids)
                if total == self._cap:
                    self._done, self._success = True, True
                    return "Perfect load!", 1.0, True, False, {"success": True}
                msg = f"That load weighs {total} kg; " + (
                    "too heavy." if total > self._cap else "a better load exists."
                )
            else:
                msg = "Unknown or repeated item ids."
        else:
            msg = "Answer with 'pack ID,ID,...' or call a tool."
        if self._turn >= ATTEMPTS:
            self._done = True
            return msg + " No attempts left.", 0.0, True, False, {"success": False}
        return msg, 0.0, False, False, {"turn": self._turn}
