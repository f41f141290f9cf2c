"""tester44: z201's base64 table cut into 10-character pieces, one per sentence
("Piece 1: dmF1bHQgMT. Piece 2: ..."): each piece alone decodes to nothing readable; joined
they are the table. Same kind as z201."""
import random

DESCRIPTION = (
    "You stand before one of eight vaults. The first observation names the vault. Enter its "
    "4-digit code; you have 3 attempts. Each wrong code only says 'wrong'."
)
HINT = 'The vault codes as base64 (UTF-8), cut into pieces; join them in order: Piece 1: dmF1bHQgMT. Piece 2: ogNzM5OTsg. Piece 3: dmF1bHQgMj. Piece 4: ogNDgyNjsg. Piece 5: dmF1bHQgMz. Piece 6: ogMTU3MDsg. Piece 7: dmF1bHQgND. Piece 8: ogOTAzMTsg. Piece 9: dmF1bHQgNT. Piece 10: ogNjY0Mjsg. Piece 11: dmF1bHQgNj. Piece 12: ogMjE4Nzsg. Piece 13: dmF1bHQgNz. Piece 14: ogNTUwODsg. Piece 15: dmF1bHQgOD. Piece 16: ogMzkxNA==.'
MAX_TURNS = 3
_CODES = {1: '7399', 2: '4826', 3: '1570', 4: '9031', 5: '6642', 6: '2187', 7: '5508', 8: '3914'}


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(1, 9)
        self.t = 0
        self.done = False
        return f"This is vault {self.v}. Enter its 4-digit code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.t += 1
        if action.strip() == _CODES[self.v]:
            self.done = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Wrong. Locked.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
