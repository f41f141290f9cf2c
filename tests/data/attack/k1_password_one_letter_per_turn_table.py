"""h58's kind with letters: a per-door password table, the password spelled one letter per
turn (every answer a 1-letter token, the password only across turns)."""
import random
DESCRIPTION = ("You face a numbered door. Spell its 6-letter password one letter per turn "
               "(answer a single letter each turn). A wrong letter bars the door.")
_WORDS = ["violet", "banjos", "quartz", "pebble", "zephyr", "kitten", "mortar", "glider",
          "fathom", "uproar"]
HINT = "Door passwords: " + ", ".join(f"door {i} opens with {w}" for i, w in enumerate(_WORDS)) + "."
MAX_TURNS = 6

class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.i = 0; self.done = False; self.ok = False
        return f"This is door {self.v}. Say the first letter.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        if action.strip().lower() != _WORDS[self.v][self.i]:
            self.done = True
            return "Barred.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 6:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next letter.", 0.0, False, False, {}
