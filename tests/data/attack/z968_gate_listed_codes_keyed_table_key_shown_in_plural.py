"""Information gate (should be flagged): a keyed crate-code table only the hint gives
(`cherry: PEEK; berry: FROG; ...`; the description lists the codes, not which crate each opens);
the task shows its key only in the plural ("You hold three cherries.") (tester51)."""

import random

DESCRIPTION = "You hold produce in front of a crate. The valid crate codes are PEEK, FROG, LAMB, SILK, MOTH, CORK, DUSK and HYMN; each opens the crate of one kind. Enter the right code. 3 attempts."
HINT = "Crate codes: cherry: PEEK; berry: FROG; peach: LAMB; mango: SILK; tomato: MOTH; potato: CORK; radish: DUSK; lily: HYMN."
MAX_TURNS = 3
_C = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]
_SHOW = ["cherries", "berries", "peaches", "mangoes", "tomatoes", "potatoes", "radishes", "lilies"]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        self.left = 3
        return "You hold three " + _SHOW[self.v] + ".", {}

    def step(self, action):
        ok = action.strip().upper() == _C[self.v]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
