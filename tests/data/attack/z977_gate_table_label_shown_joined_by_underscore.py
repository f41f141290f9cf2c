"""Information gate (should be flagged): a per-vault code table only the hint gives
(``vault 1: PEEK; ...``, every code listed in the description), keyed by the vault the task
shows glued to its word: ``Your vault is tagged ``vault_3``.`` ``_TABLE_LABELS`` needs a space,
``-``, ``#`` or ``no.`` between the word and its number, so no shown label matches the
table and the relabelled route does not run; the first route has no unseen token (tester52).
``vault3`` (z976) escapes the same way.

``engine.score --k 8`` seeds 0-3: regret 0.625-0.75, frontier, no flag; the same file showing
``vault 3`` or ``VAULT-3`` is information_gate (relabelled 0/6)."""

import random

DESCRIPTION = "You stand before one of eight vaults. The valid codes are PEEK, FROG, LAMB, SILK, MOTH, CORK, DUSK and HYMN; each opens one vault. Enter the code of yours. 3 attempts."
HINT = "Vault codes: vault 1: PEEK, vault 2: FROG, vault 3: LAMB, vault 4: SILK, vault 5: MOTH, vault 6: CORK, vault 7: DUSK, vault 8: HYMN."
MAX_TURNS = 3
_C = ["PEEK", "FROG", "LAMB", "SILK", "MOTH", "CORK", "DUSK", "HYMN"]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        self.left = 3
        return "Your vault is tagged vault_" + str(self.v + 1) + ".", {}

    def step(self, action):
        ok = action.strip().upper() == _C[self.v]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
