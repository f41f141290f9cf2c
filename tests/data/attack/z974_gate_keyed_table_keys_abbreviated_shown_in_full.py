"""Information gate (should be flagged): t05's kind, a per-task code table only the hint gives
(the description lists every code, not which day each belongs to), keyed by what the task
shows, with the keys abbreviated: the hint writes ``Mon: PEEK; Tue: FROG; ...``, the task
shows ``Today is Tuesday.`` No key is shown as a word, so the keyed route finds no shown key;
the first route has no unseen token (tester52).

``engine.score --k 8`` seeds 0-3: regret 0.375-0.75, frontier, no flag; the same table keyed
``Monday: PEEK; Tuesday: FROG; ...`` is information_gate (relabelled ``(keys)``, 0/6)."""

import random

DESCRIPTION = "The vault's code changes with the day of the week. The valid codes are PEEK, FROG, LAMB, SILK, MOTH, CORK and DUSK; each belongs to one day. Enter today's code. 3 attempts."
HINT = "Day codes: Mon: PEEK; Tue: FROG; Wed: LAMB; Thu: SILK; Fri: MOTH; Sat: CORK; Sun: DUSK."
MAX_TURNS = 3
_C = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK"]
_D = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


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
