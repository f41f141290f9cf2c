"""Information gate (should be flagged): a keyed crate-code table only the hint gives
(`apple: PEEK; pear: FROG; ...`; the description lists the codes); the task shows its key
written backwards ("You hold a hcaep (read it backwards).") (tester51)."""

import random

DESCRIPTION = "You hold fruit in front of a crate. The valid crate codes are PEEK, FROG, LAMB, SILK, MOTH, CORK, DUSK and HYMN; each opens the crate of one fruit. Enter the right code. 3 attempts."
HINT = "Crate codes: apple: PEEK; pear: FROG; plum: LAMB; peach: SILK; cherry: MOTH; mango: CORK; lemon: DUSK; grape: HYMN."
MAX_TURNS = 3
_C = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]
_SHOW = ["elppa", "raep", "mulp", "hcaep", "yrrehc", "ognam", "nomel", "eparg"]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        self.left = 3
        return "You hold a " + _SHOW[self.v] + " (read it backwards).", {}

    def step(self, action):
        ok = action.strip().upper() == _C[self.v]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
