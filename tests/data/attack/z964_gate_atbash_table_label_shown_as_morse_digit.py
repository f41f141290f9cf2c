"""Information gate (should be flagged): a per-vault password table only the hint gives, each
password written in Atbash; the task shows its vault number only in Morse ("...--")
(tester51)."""

import random

DESCRIPTION = "You stand before one of eight vaults. Say its password to open it. 3 attempts."
HINT = "Vault passwords, each written in Atbash (a<->z, b<->y, ...): vault 1: hvhznv; vault 2: kvkkvi; vault 3: nzixsv; vault 4: dzoifh; vault 5: xlyzog; vault 6: gfmtvm; vault 7: ylmwrg; vault 8: urwwov."
MAX_TURNS = 3
_P = ["sesame", "pepper", "marche", "walrus", "cobalt", "tungen", "bondit", "fiddle"]
_SHOW = [".----", "..---", "...--", "....-", ".....", "-....", "--...", "---.."]


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.v = rng.randrange(8)
        self.left = 3
        return "Vault number in Morse: " + _SHOW[self.v], {}

    def step(self, action):
        ok = action.strip().lower() == _P[self.v]
        self.left -= 1
        done = ok or self.left == 0
        return ("open" if ok else "locked"), float(ok), done, False, {"success": ok}
