"""Honest (tester26): Mastermind over 6 colours named Alfa to Foxtrot, a guess 4 NATO words
('Alfa Bravo Charlie Delta'); the hint names Knuth's opening in the same words ('Alfa Alfa
Bravo Bravo') and the method (keep only codes consistent with every reply). k50's kind, spoken
in radio words. A guess not of 4 such words ends the game."""

import random

DESCRIPTION = (
    "Mastermind: I hide a code of 4 colours, each one of Alfa, Bravo, Charlie, Delta, Echo, "
    "Foxtrot (repeats allowed). Each turn guess 4 of those words; I reply with B = right "
    "colour in the right place and W = right colour in the wrong place. 10 guesses."
)
HINT = (
    "Open with Alfa Alfa Bravo Bravo, then always guess a code consistent with every reply "
    "so far."
)
_COL = ["alfa", "bravo", "charlie", "delta", "echo", "foxtrot"]
MAX_TURNS = 10


def score(code, guess):
    b = sum(x == y for x, y in zip(code, guess, strict=True))
    w = sum(min(code.count(c), guess.count(c)) for c in set(guess)) - b
    return b, w


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.code = tuple(r.randrange(6) for _ in range(4))
        self.t = 0
        return "Make your first guess.", {}

    def step(self, action):
        self.t += 1
        words = [w.strip(".,!").lower() for w in action.split()]
        if len(words) != 4 or any(w not in _COL for w in words):
            return "Not a guess of 4 colours. Game over.", 0.0, True, False, {"success": False}
        b, w = score(self.code, tuple(_COL.index(x) for x in words))
        if b == 4:
            return "B=4 W=0 solved", 1.0, True, False, {"success": True}
        return f"B={b} W={w}", 0.0, False, self.t >= MAX_TURNS, {}
