"""Stateful inventory: trade your way from the item you hold to the goal item."""

import random
from typing import Any

DESCRIPTION = (
    "You hold one item and want the goal item. The first observation lists every trader's "
    "offer 'X -> Y' (give X, receive Y). Each turn answer 'trade X for Y'; a trade needs "
    "that you hold X. Some items nobody will take. You have 5 turns."
)
HINT = (
    "Plan backwards from the goal: find the offer that yields the goal item, then the offer "
    "that yields the item it needs, and so on back to what you hold. Offers that look like "
    "progress can lead to items nobody accepts."
)
MAX_TURNS = 5

_ITEMS = (
    "apple brass candle drum emerald feather glove honey ivory jade kettle lantern "
    "mirror needle opal pearl quilt ribbon"
).split()


class Env:
    def __init__(self) -> None:
        self._offers: list[tuple[str, str]] = []
        self._holding = ""
        self._goal = ""
        self._turn = 0
        self._done = False
        self._success = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        items = rng.sample(_ITEMS, 9)
        chain, dead = items[:5], items[5:]
        offers = [(chain[i], chain[i + 1]) for i in range(4)]
        offers += [(chain[i], dead[i]) for i in range(4)]
        rng.shuffle(offers)
        self._offers = offers
        self._holding, self._goal = chain[0], chain[4]
        self._turn = 0
        self._done = False
        self._success = False
        listing = "; ".join(f"{a} -> {b}" for a, b in offers)
        obs = f"Offers: {listing}.\nYou hold: {self._holding}. Goal: {self._goal}."
        return obs, {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        words = action.strip().lower().split()
        if len(words) == 4 and words[0] == "trade" and words[2] == "for":
            give, get = words[1], words[3]
            if give != self._holding:
                msg = f"You do not hold {give[:20]}."
            elif (give, get) not in self._offers:
                msg = f"Nobody offers {get[:20]} for {give[:20]}."
            else:
                self._holding = get
                msg = f"Traded {give} for {get}."
        else:
            msg = "Answer 'trade X for Y'."
        if self._holding == self._goal:
            self._done, self._success = True, True
            return msg + " You have the goal item!", 1.0, True, False, {"success": True}
        if not any(a == self._holding for a, _ in self._offers):
            self._done = True
            return msg + f" Nobody accepts {self._holding}.", 0.0, True, False, {"success": False}
        if self._turn >= MAX_TURNS:
            self._done = True
            return msg + " Out of turns.", 0.0, False, True, {"success": False}
        return f"{msg} You hold: {self._holding}.", 0.0, False, False, {"turn": self._turn}
