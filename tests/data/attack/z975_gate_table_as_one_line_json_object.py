"""Information gate (should be flagged): h55's kind, a per-vault code table only the hint gives
(the description lists every code), keyed by the vault the task shows (``You face vault 3.``),
written as a one-line JSON object ``{"1": "PEEK", "2": "FROG", ...}``: no label word beside
the numbers, no ``;`` or line break between entries, so none of the relabelled route's four
shapes reads it; the first route has no unseen token (tester52).

``engine.score --k 8`` seeds 0-3: regret 0.625-0.75, frontier, no flag; the same table as
``vault 1: PEEK; ...``, as a markdown table or as CSV lines is information_gate (relabelled
0/6)."""

import random

DESCRIPTION = "You stand before one of eight vaults. The valid codes are PEEK, FROG, LAMB, SILK, MOTH, CORK, DUSK and HYMN; each opens one vault. Enter the code of yours. 3 attempts."
HINT = 'Vault codes as JSON: {"1": "PEEK", "2": "FROG", "3": "LAMB", "4": "SILK", "5": "MOTH", "6": "CORK", "7": "DUSK", "8": "HYMN"}'
MAX_TURNS = 3
_C = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        self.left = 3
        return "You face vault " + str(self.v + 1) + ".", {}

    def step(self, action):
        ok = action.strip().upper() == _C[self.v]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
