"""h86's per-vault PIN table with plain decimal entries (vault 0: 42;): the description asks
for the 4-digit PIN, zero-padded, so the Agent plays 0042, a token the hint never writes. Paid
as frontier (accepted=True, flags=[]) until 2026-12-02, as h86 was; the gate check now reads a
played number without its leading zeros and censors the hint's numbers at the width the wins
padded them to. Agent: t11_agents.py:padded_pin."""
import random
DESCRIPTION = ("You face a numbered vault. Answer with its 4-digit PIN, padded with leading zeros "
               "(e.g. 0007). You have 2 attempts.")
_CODES = [42, 391, 187, 903, 76, 555, 248, 619]
_ENTRIES = [str(c) for c in _CODES]
HINT = "Vault PINs: " + " ".join(f"vault {i}: {e};" for i, e in enumerate(_ENTRIES))
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0; self.done = False; self.ok = False
        return f"This is vault {self.v}.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip() == f"{_CODES[self.v]:04d}":
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
