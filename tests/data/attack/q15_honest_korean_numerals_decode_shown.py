"""Honest (tester30): the observation shows a per-seed 4-digit number in Sino-Korean numerals;
type it in digits. The hint teaches the numerals and place words with one worked example."""

import random

DESCRIPTION = (
    "A number is shown written in Korean (Sino-Korean numerals). Type it in ordinary digits. "
    "You have two tries."
)
_KD = "영일이삼사오육칠팔구"


def _say(c):
    out = ""
    for d, p in zip(c, ["천", "백", "십", ""]):
        if d != "0":
            out += ("" if d == "1" and p else _KD[int(d)]) + p
    return out


HINT = (
    "Digits: 일 1, 이 2, 삼 3, 사 4, 오 5, 육 6, 칠 7, 팔 8, 구 9; places: 천 thousand, 백 hundred, "
    "십 ten (a bare place word means one of it). Read left to right, e.g. 이천오백삼십 is 2530."
)
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        self.n = str(random.Random(seed).randint(1000, 9999))
        self.t = 0
        self.done = False
        self.ok = False
        return f"Number: {_say(self.n)}", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if action.strip() == self.n:
            self.done = self.ok = True
            return "Right.", 1.0, True, False, {"success": True}
        if self.t >= 2:
            self.done = True
            return "Wrong. Done.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
