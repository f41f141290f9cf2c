"""Honest (tester31): a per-seed word is SHOWN; spell it one animal a turn, each animal's first
letter the word's next letter. The hint states the rule and lists an animal per letter (public
knowledge, the same every seed); the per-seed secret, the word, is in the observation."""

import random

DESCRIPTION = (
    "Spell the shown word to the zookeeper, one answer a turn. The zookeeper only accepts "
    "certain answers. A wrong answer ends the game."
)
_ANIMALS = ("ant bear cat dog eel fox goat horse ibis jay koala lion mole newt owl pig quail "
            "rat seal tiger urchin vole wolf yak zebra").split()
HINT = ("Answer an animal whose first letter is the next letter of the word, one letter a turn. "
        "Animals by first letter: " + ", ".join(_ANIMALS) + ".")
_WORDS = ["cab", "dog", "pet", "sun", "map", "log", "rib", "hut", "fig", "jam", "bolt", "mint"]
MAX_TURNS = 4


class Env:
    def reset(self, seed=None, options=None):
        self.w = random.Random(seed).choice(_WORDS)
        self.i = 0
        self.done = False
        self.ok = False
        return f"Word: {self.w}", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        a = action.strip().lower()
        if a not in _ANIMALS or a[0] != self.w[self.i]:
            self.done = True
            return "Not accepted.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == len(self.w):
            self.done = self.ok = True
            return "Spelled!", 1.0, True, False, {"success": True}
        return "Next.", 0.0, False, False, {}
