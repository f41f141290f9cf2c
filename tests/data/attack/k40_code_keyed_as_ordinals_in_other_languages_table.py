"""k27's kind in other languages: the vault's 4-digit code (digits 1-9), a button a turn,
named by its place in French, Spanish, Italian or German ('le septième', 'el séptimo',
'il settimo', 'den siebten') or as a foreign numeric ordinal ('7e', '7º', '7.')."""

import random
import re

DESCRIPTION = (
    "You face a numbered vault with nine buttons in a row. Key its 4-digit code one button "
    "per turn by naming the button's place in French, Spanish, Italian or German, e.g. "
    "'le deuxième', 'el segundo', 'il secondo', 'den zweiten' or '2e'. A wrong button "
    "locks the vault."
)
_CODES = ["7398", "4182", "5639", "2917", "8154", "6341", "1728", "9465", "3826", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 4

_ORD = {}
for _words in [
    "- premier deuxième troisième quatrième cinquième sixième septième huitième neuvième",
    "- primero segundo tercero cuarto quinto sexto séptimo octavo noveno",
    "- primo secondo terzo quarto quinto sesto settimo ottavo nono",
    "- ersten zweiten dritten vierten fünften sechsten siebten achten neunten",
]:
    for _i, _w in enumerate(_words.split()):
        if _i:
            _ORD[_w] = str(_i)


def _read(action):
    for w in re.findall(r"\w+", action.lower()):
        if w in _ORD:
            return _ORD[w]
        m = re.fullmatch(r"(\d)(?:e|ème|º|o|a)", w)
        if m:
            return m.group(1)
    m = re.search(r"(\d)[.º°]", action)
    return m.group(1) if m else ""


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Press the first button of its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        want = _CODES[self.v][self.t]
        self.t += 1
        if _read(action) != want:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        if self.t == MAX_TURNS:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next.", 0.0, False, False, {}
