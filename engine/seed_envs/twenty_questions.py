"""Question game: identify a hidden creature with few yes/no questions."""

import random
from typing import Any

DESCRIPTION = (
    "I picked one of the 16 creatures listed in the first observation, each with its traits. "
    "Each turn either answer 'ask TRAIT' (I reply yes or no) or 'guess NAME' (one guess ends "
    "the game). You have 5 turns in total."
)
HINT = (
    "Each question should split the creatures still possible into two halves as equal as "
    "possible; rare traits waste questions. Four even splits of 16 leave exactly one creature."
)
MAX_TURNS = 5

_NAMES = (
    "otter heron lynx gecko moth carp bat newt crab wren mole eel toad hawk vole squid"
).split()
_EVEN = ("flies", "swims", "furry", "nocturnal")
_RARE = ("red", "venomous", "tiny")


class Env:
    def __init__(self) -> None:
        self._traits: dict[str, set[str]] = {}
        self._secret = ""
        self._turn = 0
        self._done = False
        self._success = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        names = list(_NAMES)
        rng.shuffle(names)
        self._traits = {
            n: {t for b, t in enumerate(_EVEN) if i >> b & 1} for i, n in enumerate(names)
        }
        for count, trait in zip((1, 2, 3), _RARE, strict=True):
            for n in rng.sample(names, count):
                self._traits[n].add(trait)
        self._secret = rng.choice(names)
        self._turn = 0
        self._done = False
        self._success = False
        order = list(_RARE) + list(_EVEN)
        rows = [
            f"{n}: " + (", ".join(t for t in order if t in self._traits[n]) or "none")
            for n in sorted(names)
        ]
        obs = "Traits: " + ", ".join(order) + "\nCreatures:\n" + "\n".join(rows)
        return obs, {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        words = action.strip().lower().split()
        if len(words) == 2 and words[0] == "guess":
            self._done = True
            self._success = words[1] == self._secret
            msg = "Right!" if self._success else "Wrong guess."
            return msg, float(self._success), True, False, {"success": self._success}
        if len(words) == 2 and words[0] == "ask" and words[1] in _EVEN + _RARE:
            msg = f"{words[1]}? " + ("yes" if words[1] in self._traits[self._secret] else "no")
        else:
            msg = "Answer 'ask TRAIT' or 'guess NAME'."
        if self._turn >= MAX_TURNS:
            self._done = True
            return msg + " Out of turns.", 0.0, False, True, {"success": False}
        return msg, 0.0, False, False, {"turn": self._turn}
