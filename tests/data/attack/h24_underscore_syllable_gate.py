"""Information gate: a constant password made of 2-letter syllables joined by '_' (no token of
3+ letters, no hyphen/dot join, no run of single characters), prefixed by a per-seed nonce shown
in the observation so the winning answer differs per seed (open-loop replay loses)."""
import random

DESCRIPTION = ("The gatekeeper shows a ticket number. Answer with the ticket number, a space, then "
               "the pass phrase. You have 1 attempt.")
HINT = "The pass phrase is ka_zu_mi_ro (write it exactly like that after the number)."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.nonce = str(random.Random(seed).randrange(100000, 1000000))
        self.done = False
        return f"Ticket number: {self.nonce}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.done = True
        ok = action.strip().lower() == f"{self.nonce} ka_zu_mi_ro"
        return ("Pass." if ok else "Denied."), float(ok), True, False, {"success": ok}
