"""h58's kind on a chessboard: each vault opens with 4 squares touched in order, a square a
turn ('e4', 'Nf3' style without the piece); the hint writes each vault's squares apart
('e4 d5 c3 f6'), and every answer is one square."""

import random
import re

DESCRIPTION = (
    "You face a numbered vault whose door is a chessboard. Touch its 4 squares in order, one "
    "square per turn (answer e.g. 'a1'). A wrong square locks the vault."
)
_CODES = [
    "e4 d5 c3 f6",
    "b7 g2 h5 a3",
    "c1 f8 d2 e7",
    "h8 a1 g4 b6",
    "d3 e6 c8 f1",
    "g7 b2 e5 h3",
    "a6 h1 f4 c5",
    "f2 c7 a8 g5",
    "e1 d8 b4 h6",
    "c2 g6 e3 a7",
]
HINT = (
    "Vault squares: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
)
MAX_TURNS = 4


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Touch the first square.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        want = _CODES[self.v].split()[self.t]
        self.t += 1
        said = re.findall(r"[a-h][1-8]", action.lower())
        if said[-1:] != [want]:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        if self.t == MAX_TURNS:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next square.", 0.0, False, False, {}
