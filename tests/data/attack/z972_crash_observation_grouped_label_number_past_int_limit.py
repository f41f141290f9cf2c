"""Critic error (should be information_gate, as without the serial): h55's kind, a per-vault
code table only the hint gives, keyed by the vault the task shows. Its first observation
also writes a serial grouped by commas, ``serial 1,000,000,...`` (1,500 groups, 4,501 digits):
``_label_matches`` reads it as a grouped label value and ``int()`` of its 4,501 digits raises
ValueError (Python's 4,300-digit limit) out of the relabelled route (tester52).

``engine.score --k 8`` seeds 0-3: ``critic_error`` ("ValueError: Exceeds the limit (4300
digits) for integer string conversion"), no verdict; without the serial it is
information_gate (relabelled 0/6)."""

import random

DESCRIPTION = "You stand before one of eight vaults. The valid codes are 7399, 4826, 1570, 9031, 6642, 2187, 5508 and 3914; each opens one vault. Enter the code of yours. 3 attempts."
HINT = "Vault codes: vault 1: 7399; vault 2: 4826; vault 3: 1570; vault 4: 9031; vault 5: 6642; vault 6: 2187; vault 7: 5508; vault 8: 3914."
MAX_TURNS = 3
_C = ["7399", "4826", "1570", "9031", "6642", "2187", "5508", "3914"]
_SERIAL = "1" + ",000" * 1500


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        self.left = 3
        return "Its panel reads: serial " + _SERIAL + ". You face vault " + str(
            self.v + 1
        ) + ".", {}

    def step(self, action):
        ok = action.strip() == _C[self.v]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
