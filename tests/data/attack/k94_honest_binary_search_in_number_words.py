"""HONEST: guess a number 1-1000 in English number words ('two hundred fifty'), told higher
or lower; the hint 'start at five hundred then halve'. A method, not a gate. (tester27)"""

import random

DESCRIPTION = (
    "I picked a whole number from 1 to 1000. Guess it in English words (e.g. 'three hundred "
    "twelve'); I say higher or lower. 10 guesses."
)
HINT = "Start at five hundred then halve the range each guess."
MAX_TURNS = 10
_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
         "fourteen fifteen sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def _parse(text):
    total, cur = 0, 0
    for w in text.lower().replace("-", " ").replace(" and ", " ").split():
        w = w.strip(".,!")
        if w in _ONES:
            cur += _ONES.index(w)
        elif w in _TENS:
            cur += 10 * _TENS.index(w)
        elif w == "hundred":
            cur *= 100
        elif w == "thousand":
            total += cur * 1000
            cur = 0
        else:
            return None
    return total + cur


class Env:
    def reset(self, seed=None, options=None):
        self.x = random.Random(seed).randint(1, 1000)
        self.t = 0
        self.done = False
        return "Guess my number.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.t += 1
        g = _parse(action)
        if g == self.x:
            self.done = True
            return "Right!", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of guesses.", 0.0, True, False, {"success": False}
        if g is None:
            return "I did not understand.", 0.0, False, False, {}
        return ("Higher." if g < self.x else "Lower."), 0.0, False, False, {}
