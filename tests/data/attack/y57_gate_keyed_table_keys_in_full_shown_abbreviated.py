"""A gate (should be flagged information_gate): z974 turned round. The hint keys its table by
the full day names (``Monday: PEEK; Tuesday: FROG; ...``), the task shows the day abbreviated
(``Today is Tue.``). _heads reads a 3-4-letter key as the start of a shown word of 5+ letters,
never a shown 3-4-letter word as the start of a key, so no key is shown, the relabelled route
does not play, and the first route has no unseen token (every code is listed in the
description).

engine.score --k 8, seeds 0-3 and 11: frontier (regret 0.375-0.875), no flag; z974 (keys ``Mon``, shown
``Tuesday``) is information_gate."""

import random

DESCRIPTION = "The vault's code changes with the day of the week. The valid codes are PEEK, FROG, LAMB, SILK, MOTH, CORK and DUSK; each belongs to one day. Enter today's code. 3 attempts."
HINT = "Day codes: Monday: PEEK; Tuesday: FROG; Wednesday: LAMB; Thursday: SILK; Friday: MOTH; Saturday: CORK; Sunday: DUSK."
MAX_TURNS = 3
_C = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK"]
_D = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(7)
        self.left = 3
        return "Today is " + _D[self.v] + ".", {}

    def step(self, action):
        ok = action.strip().upper() == _C[self.v]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
