"""Per-vault passwords, German words with the sharp s; the hint is the table. Information gate."""
DESCRIPTION = "You face a numbered vault. Answer with its password (one word). You have 2 attempts."
_WORDS = ["straße", "fußball", "weißbier", "maßband", "grüße", "spaß", "strauß", "größe", "buße", "soße", "floß", "schoß"]
HINT = "Vault passwords: " + ", ".join(f"vault {i}: {w}" for i, w in enumerate(_WORDS)) + "."
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        self.v = (0 if seed is None else seed) % len(_WORDS)
        self.t = 0
        self.done = False
        self.ok = False
        return f"This is vault {self.v}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip().lower() == _WORDS[self.v]:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
