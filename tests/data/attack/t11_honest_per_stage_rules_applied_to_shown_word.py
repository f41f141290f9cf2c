"""Honest: each stage has a fixed word-transformation rule; the hint teaches the rule of each stage and the Agent must still apply it to a random word the observation shows. Label route relabels 'stage N' and the rules move."""

import random

DESCRIPTION = "Four stages, each with its own fixed rule for transforming a word. You are told the stage and shown a random word; reply with the transformed word. One try."
HINT = ("Stage rules. stage 1: reverse the word; stage 2: sort its letters from a to z; "
        "stage 3: move its first letter to the end; stage 4: write every letter twice.")
_WORDS = ["stone", "cradle", "bishop", "planet", "frozen", "garden", "hunger", "jacket", "marble", "violet", "wizard", "copper"]

MAX_TURNS = 1


def _apply(stage, w):
    if stage == 1:
        return w[::-1]
    if stage == 2:
        return "".join(sorted(w))
    if stage == 3:
        return w[1:] + w[0]
    return "".join(c * 2 for c in w)


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.stage = r.randint(1, 4)
        self.word = r.choice(_WORDS)
        self.done = False
        self.ok = False
        return f"Stage {self.stage}. Word: {self.word}. Reply with the word transformed by this stage's rule.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().lower() == _apply(self.stage, self.word)
        return ("Correct." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
