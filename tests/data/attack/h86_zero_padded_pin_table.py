"""A per-vault table of PINs below 1000 written as arithmetic (vault 0: 6×7); the description
asks for the 4-digit PIN, zero-padded, so the Agent plays 0042. ``_hint_numbers`` yields "42"
and the played token is "0042". Agent: t11_agents.py:padded_pin.
Critic (score_env, CriticConfig(k=4), rng 11, 2026-12-02): EnvScored accepted=True, flags=[],
regret=1.0, 1.0 s, then; the same table with plain decimal entries is h91. Now a played number
matches a hint number without its leading zeros, and the censor covers the hint's numbers at
the width the wins padded them to (information_gate, 0 of 6 censored wins)."""
import random
DESCRIPTION = ("You face a numbered vault. Answer with its 4-digit PIN, padded with leading zeros "
               "(e.g. 0007). You have 2 attempts.")
_CODES = [42, 391, 187, 903, 76, 555, 248, 619]
_ENTRIES = ["6×7", "17×23", "11×17", "7×129", "4×19", "5×111", "8×31", "619×1"]
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
