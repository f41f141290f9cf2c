"""HONEST: Mastermind over 3 positions and the letters a-f, guesses in NATO words ('Alfa
Bravo Charlie'); the hint gives an opening in radio words and says to keep every guess
consistent. A method, not a gate. (tester27)"""

import random

DESCRIPTION = (
    "Crack a 3-letter code over the letters a-f (repeats allowed). Guess it as three NATO "
    "words (e.g. 'Alfa Bravo Charlie'); I reply with black (right letter, right place) and "
    "white (right letter, wrong place) pegs. 8 guesses."
)
HINT = (
    "Open with Alfa Alfa Bravo, then always guess a code consistent with every reply so far."
)
MAX_TURNS = 8
_NATO = "alfa bravo charlie delta echo foxtrot".split()


def pegs(code, guess):
    black = sum(a == b for a, b in zip(code, guess))
    common = sum(min(code.count(c), guess.count(c)) for c in set(guess))
    return black, common - black


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.code = "".join(r.choice("abcdef") for _ in range(3))
        self.t = 0
        self.done = False
        return "Guess the code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.t += 1
        words = [w.strip(".,!").lower() for w in action.split()]
        g = "".join(w[0] for w in words if w in _NATO)
        if g == self.code:
            self.done = True
            return "Cracked!", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of guesses.", 0.0, True, False, {"success": False}
        if len(g) != 3:
            return "Say three NATO words from Alfa to Foxtrot.", 0.0, False, False, {}
        b, w = pegs(self.code, g)
        return f"{b} black, {w} white.", 0.0, False, False, {}
