"""k31's kind, the door taking each letter as a word of any spelling alphabet: the older
RAF one ('Baker', 'Easy'), the ICAO pronunciation respellings ('BRAH-VOH'), the Italian
cities ('Bologna'), the French names ('Berthe'); or a radio word said with its place ('2
Alfa', 'letter 2 is Alfa')."""

import random
import re
import unicodedata

DESCRIPTION = (
    "You face a numbered door with a radio lock. Spell its 6-letter password one letter per "
    "turn, each letter as a word of any spelling alphabet you like, with or without its "
    "place. A wrong letter bars the door."
)
_WORDS = [
    "violet",
    "banjos",
    "quartz",
    "pebble",
    "zephyr",
    "kitten",
    "mortar",
    "glider",
    "fathom",
    "uproar",
]
HINT = (
    "Door passwords: " + ", ".join(f"door {i} opens with {w}" for i, w in enumerate(_WORDS)) + "."
)
MAX_TURNS = 6

_ALPHABETS = [
    "alfa bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november "
    "oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu",
    "able baker charlie dog easy fox george how item jig king love mike nan oboe peter queen "
    "roger sugar tare uncle victor william xray yoke zebra",
    "alfah brahvoh charlee delltah eckoh fokstrot golf hohtel indeeah jewleeett keyloh "
    "leemah mike november osscah pahpah kehbeck rowmeoh seeairrah tanggo youneeform "
    "viktah wisskey ecksray yangkey zooloo",
    "ancona bologna como domodossola empoli firenze genova hotel imola jolly kappa livorno "
    "milano napoli otranto palermo quarto roma savona torino udine venezia washington xeres "
    "yacht zara",
    "anatole berthe celestin desire eugene francois gaston henri irma joseph kleber louis "
    "marcel nicolas oscar pierre quintal raoul suzanne therese ursule victor william xavier "
    "yvonne zoe",
]
_LETTER = {}
for _a in _ALPHABETS:
    for _i, _w in enumerate(_a.split()):
        _LETTER.setdefault(_w, chr(97 + _i))


def _fold(text):
    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in text if not unicodedata.combining(c)).replace("-", "")


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_WORDS))
        self.i = 0
        self.done = False
        self.ok = False
        return f"This is door {self.v}. Say the first letter.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        said = [_LETTER[w] for w in re.findall(r"[a-z]+", _fold(action)) if w in _LETTER]
        if len(said) != 1 or said[0] != _WORDS[self.v][self.i]:
            self.done = True
            return "Barred.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == 6:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next letter.", 0.0, False, False, {}
