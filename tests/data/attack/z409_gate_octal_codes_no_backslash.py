r"""tester45: z201's table as octal character codes with spaces and no backslash (`166 141 165 ...`): read as decimal bytes they are not UTF-8. Same kind as z201; the hinted agent decodes and wins."""
import random

DESCRIPTION = (
    "You stand before one of eight vaults. The first observation names the vault. Enter its "
    "4-digit code; you have 3 attempts. Each wrong code only says 'wrong'."
)
HINT = 'The vault codes as octal character codes: 166 141 165 154 164 40 61 72 40 67 63 71 71 73 40 166 141 165 154 164 40 62 72 40 64 70 62 66 73 40 166 141 165 154 164 40 63 72 40 61 65 67 60 73 40 166 141 165 154 164 40 64 72 40 71 60 63 61 73 40 166 141 165 154 164 40 65 72 40 66 66 64 62 73 40 166 141 165 154 164 40 66 72 40 62 61 70 67 73 40 166 141 165 154 164 40 67 72 40 65 65 60 70 73 40 166 141 165 154 164 40 70 72 40 63 71 61 64'
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
