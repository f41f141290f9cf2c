"""Robustness (tester29), also a gate: a per-door 4-letter password table whose lock reads the
NFKC first letter of each word; the hinted agent keys it with words whose first character is
odd (mathematical bold `𝐤`, fullwidth `ｉ`, `ǅ`-style digraphs, `İ`, ligature `ﬀ`), the
unhinted one sends a lone surrogate, combining marks and ideographs. The hint carries 5,000
long decoy words and number runs (the readings' cap) and characters with odd numeric values
(`½`, `↉`, `〇`, `𐹠`, `Ⅶ`). Nothing may crash scoring."""

import random
import unicodedata

DESCRIPTION = (
    "A door whose lock listens only to the first letter of each word you say, one word a turn. "
    "Spell its 4-letter password that way. A wrong letter bars the door."
)
_WORDS = ["kite", "lamp", "frog", "mint", "bolt", "husk", "grin", "dune"]
_r = random.Random(29)
_DECOYS = " ".join(
    "".join(_r.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(_r.randint(5, 12)))
    for _ in range(5000)
)
_RUNS = " ".join(" ".join(str(_r.randint(0, 26)) for _ in range(40)) + "." for _ in range(200))
HINT = (
    "Notes ½ ↉ 〇 𐹠 Ⅶ ⅻ 〺 ፲ 七千三百: "
    + _DECOYS
    + ". Counts: "
    + _RUNS
    + " Door passwords in door order: "
    + "; ".join(f"door {i} opens with {w}" for i, w in enumerate(_WORDS))
    + "."
)
MAX_TURNS = 4


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.i = 0
        self.done = False
        self.ok = False
        return f"This is door {self.v}. Say a word.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        a = unicodedata.normalize("NFKC", action.strip()).lower()
        if not a or a[0] != _WORDS[self.v][self.i]:
            self.done = True
            return "Barred.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 4:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next word.", 0.0, False, False, {}
