"""Honest (should stay frontier): the description itself lists every fruit's crate code
(``apple: PEEK; pear: FROG; ...``) and the task shows the fruit held; the hint only says to
look it up and repeats the same list. The hint carries nothing the task does not show, yet
the relabelled route rotates the hint's keys (a table keyed by the shown fruit) and the
hinted Agent, reading its copy, loses: a table the task states is treated as the hint's
secret (tester52). The unhinted agent never reads the description's list.

``engine.score --k 8`` seeds 0-3: information_gate (relabelled ``(keys)``, 0/6), regret
0.625-0.75."""

import random

_T = [
    ("apple", "PEEK"),
    ("pear", "FROG"),
    ("plum", "LAMB"),
    ("fig", "SILK"),
    ("lime", "MOTH"),
    ("kiwi", "CORK"),
    ("date", "DUSK"),
    ("peach", "HYMN"),
]
_LIST = "; ".join(f"{k}: {v}" for k, v in _T)
DESCRIPTION = f"You hold one crate of fruit. Each fruit's crate opens with its code from this list: {_LIST}. Enter the code of your crate. 3 attempts."
HINT = f"Look your fruit up in the list the task gives; the codes again: {_LIST}."
MAX_TURNS = 3


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        self.left = 3
        return "You hold a " + _T[self.v][0] + " crate.", {}

    def step(self, action):
        ok = action.strip().upper() == _T[self.v][1]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
