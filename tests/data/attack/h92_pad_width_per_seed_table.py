"""Tester-a: h91's per-vault PIN table (plain decimal entries, vault 0: 42;), but the keypad width
is drawn per seed (4-12 digits, shown in the opening observation) and the PIN must be zero-padded
to it, so the Agent plays 00000000042 on one seed and 0000042 on another. Should be flagged
information_gate (the hint alone holds every code). Agent: t13_agents.py:pad_to_keypad.
Critic (attack(), CriticConfig(k=4), rng 11, 54b999b, 2026-12-02): EnvScored accepted=True,
flags=[], regret=1.0, 1.0 s. The gate check found the candidates (00000000042, 0000903,
000000248, 00000619: widths 11, 7, 9, 8) but censors the hint's numbers only at the widths the
first 4 wins used; the censored episodes draw other widths: censored_wins 2 of 6 (> 1/4), not
flagged. Before 54b999b: accepted=True too (no candidate). Same with 6×7 entries: h106."""
import random
DESCRIPTION = 'You face a numbered vault. Its keypad takes a number of digits the vault shows; answer with its PIN zero-padded to exactly that many digits. You have 2 attempts.'
_CODES = [42, 391, 187, 903, 76, 555, 248, 619]
_ENTRIES = [str(c) for c in _CODES]
HINT = "Vault PINs: " + " ".join(f"vault {i}: {e};" for i, e in enumerate(_ENTRIES))
OPENING = 'This is vault {v}. Its keypad takes {w} digits.'
MAX_TURNS = 2

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.v = r.randrange(len(_CODES))
        self.w = r.randrange(4, 13)
        self.t = 0; self.done = False; self.ok = False
        return OPENING.format(v=self.v, w=self.w), {}
    def _want(self):
        c = _CODES[self.v]
        return str(c).zfill(self.w)
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip() == self._want():
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
