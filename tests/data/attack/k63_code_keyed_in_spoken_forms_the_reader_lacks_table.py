"""h58's kind, the vault taking a button in many spoken forms the keyed reading may not know:
Portuguese and Dutch number words, the radio digits ('tree', 'fife', 'niner'), adverbial
ordinals ('thirdly'), Italian feminine ordinals ('la settima'), German spellings without the
umlaut ('fuenften') and the older 'siebente', ordinal indicators ('7º', '7ª'), the informal
French '7ième', clock-face numerals ('IIII', 'VIIII'), a Roman numeral with an ordinal
suffix ('VIIth'), plurals ('sevens'). k27's codes: most hold a digit a form's reading lacks,
and no digit is in every code (a word every hinted win plays is the unseen-constant rule's)."""

import random
import re
import unicodedata

DESCRIPTION = (
    "You face a numbered vault with nine buttons in a row. Key its 4-digit code one button per "
    "turn, naming the button in any language or notation you like. A wrong button locks the "
    "vault."
)
_CODES = ["7398", "4182", "5639", "2917", "8154", "6341", "1728", "9465", "3826", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 4

_FORMS = [
    "- um/uma dois/duas três/tres quatro cinco seis sete oito nove",  # Portuguese
    "- een twee drie vier vijf zes zeven acht negen",  # Dutch
    "- one two tree fower fife six seven ait niner",  # radio (ICAO)
    "- firstly secondly thirdly fourthly fifthly sixthly seventhly eighthly ninthly",
    "- prima seconda terza quarta quinta sesta settima ottava nona",  # Italian feminine
    "- ersten zweiten dritten vierten fuenften/funften sechsten siebenten/siebente achten neunten",
    "- one two three four five six seven eight nine",
    "- first second third fourth fifth sixth seventh eighth ninth",
    "- i ii iii iiii v vi vii viii viiii",  # clock face
    "- ones twos threes fours fives sixes sevens eights nines",
    "- i ii iii iv v vi vii viii ix",
]
_WORD = {}
for _f in _FORMS:
    for _d, _ws in enumerate(_f.split()):
        for _w in _ws.split("/"):
            _WORD.setdefault(_w, str(_d))


def _read(action):
    text = unicodedata.normalize("NFKC", action).lower()
    for w in re.findall(r"[^\W_]+", text):
        if w in _WORD and _WORD[w] != "-":
            return _WORD[w]
        if w[-2:] in ("st", "nd", "rd", "th") and _WORD.get(w[:-2], "-") != "-":  # 'VIIth'
            return _WORD[w[:-2]]
        m = re.fullmatch(r"(\d)(?:º|ª|o|a|ième|ieme|ère|re|er|e|st|nd|rd|th)?", w)
        if m:
            return m.group(1)
    return ""


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
