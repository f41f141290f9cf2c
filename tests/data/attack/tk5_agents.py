"""Scripted agents for tester25's k60-k79, (observations, hint, rng, memory) -> str.
Hinted: this door's (vault's) entry, piece by piece, in the design's spoken shape;
unhinted: random pieces of the same kind. Honest designs: the hint's method, or a guess."""

import json
import re

_NATO = (
    "Alfa Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliett Kilo Lima Mike November "
    "Oscar Papa Quebec Romeo Sierra Tango Uniform Victor Whiskey Xray Yankee Zulu"
).split()
_ORD = "zeroth first second third fourth fifth sixth seventh eighth ninth".split()


def _entry(obs, hint, what="vault"):
    n = re.search(rf"{what} (\d+)", obs[0]).group(1)
    return re.search(rf"{what} {n} opens with ([^;]+?)(?:;|,\s*{what}|\.$)", hint).group(1)


def nato_from_hint_words(obs, hint, rng, mem):
    """k60: the hint's radio word for this turn's letter, or a random one."""
    if not hint:
        return rng.choice(_NATO)
    return _entry(obs, hint, "door").split()[len(obs) - 1]


def nato_phrase(obs, hint, rng, mem):
    """k61: the door's three radio words, or three random ones."""
    if not hint:
        return " ".join(rng.choice(_NATO) for _ in range(3))
    return _entry(obs, hint, "door")


def ordinal_from_hint_words(obs, hint, rng, mem):
    """k62: 'press the <hint's ordinal>', or a random one."""
    if not hint:
        return f"press the {_ORD[rng.randint(1, 9)]}"
    return f"press the {_entry(obs, hint).split(', ')[len(obs) - 1]}"


_FORMS = {
    "portuguese": "- um dois três quatro cinco seis sete oito nove",
    "dutch": "- een twee drie vier vijf zes zeven acht negen",
    "radio": "- one two tree fower fife six seven ait niner",
    "adverb": "- firstly secondly thirdly fourthly fifthly sixthly seventhly eighthly ninthly",
    "italian_f": "- la_prima la_seconda la_terza la_quarta la_quinta la_sesta la_settima "
    "la_ottava la_nona",
    "german_ue": "- den_ersten den_zweiten den_dritten den_vierten den_fuenften den_sechsten "
    "den_siebenten den_achten den_neunten",
    "ord_sign": "- 1º 2º 3º 4º 5º 6º 7º 8º 9º",
    "ord_sign_f": "- 1ª 2ª 3ª 4ª 5ª 6ª 7ª 8ª 9ª",
    "french_ieme": "- 1ère 2ième 3ième 4ième 5ième 6ième 7ième 8ième 9ième",
    "clock": "- I II III IIII V VI VII VIII VIIII",
    "unicode_roman": "- Ⅰ Ⅱ Ⅲ Ⅳ Ⅴ Ⅵ Ⅶ Ⅷ Ⅸ",
    "ordinal_caps_punct": "- (FIRST!) (SECOND!) (THIRD!) (FOURTH!) (FIFTH!) (SIXTH!) "
    "(SEVENTH!) (EIGHTH!) (NINTH!)",
}


def _form(name):
    words = [w.replace("_", " ") for w in _FORMS[name].split()]

    def act(obs, hint, rng, mem):
        d = int(_entry(obs, hint)[len(obs) - 1]) if hint else rng.randint(1, 9)
        return words[d]

    act.__doc__ = f"k63: a digit a turn in the form {name!r}."
    return act


portuguese = _form("portuguese")
dutch = _form("dutch")
radio_digits = _form("radio")
adverb_ordinal = _form("adverb")
italian_feminine_ordinal = _form("italian_f")
german_ordinal_without_umlaut = _form("german_ue")
ordinal_indicator = _form("ord_sign")
ordinal_indicator_feminine = _form("ord_sign_f")
french_ieme = _form("french_ieme")
clock_face_numeral = _form("clock")
unicode_roman_numeral = _form("unicode_roman")
ordinal_in_capitals_and_punctuation = _form("ordinal_caps_punct")
_FORMS["hyphen_th"] = "- 1-st 2-nd 3-rd 4-th 5-th 6-th 7-th 8-th 9-th"
_FORMS["dot_ord_sign"] = "- 1.º 2.º 3.º 4.º 5.º 6.º 7.º 8.º 9.º"
_FORMS["roman_th"] = (
    "- the_Ist the_IInd the_IIIrd the_IVth the_Vth the_VIth the_VIIth the_VIIIth the_IXth"
)
_FORMS["plural"] = "- ones twos threes fours fives sixes sevens eights nines"
ordinal_hyphenated = _form("hyphen_th")
ordinal_indicator_with_a_dot = _form("dot_ord_sign")
roman_numeral_with_ordinal_suffix = _form("roman_th")
number_word_plural = _form("plural")
english_ordinal = _form("ordinal_caps_punct")  # control
_FORMS["roman"] = "- I II III IV V VI VII VIII IX"
canonical_roman_numeral = _form("roman")  # control


_SPELL = {
    "raf": "Able Baker Charlie Dog Easy Fox George How Item Jig King Love Mike Nan Oboe Peter "
    "Queen Roger Sugar Tare Uncle Victor William X-ray Yoke Zebra",
    "icao": "AL-FAH BRAH-VOH CHAR-LEE DELL-TAH ECK-OH FOKS-TROT GOLF HOH-TEL IN-DEE-AH "
    "JEW-LEE-ETT KEY-LOH LEE-MAH MIKE NO-VEM-BER OSS-CAH PAH-PAH KEH-BECK ROW-ME-OH "
    "SEE-AIR-RAH TANG-GO YOU-NEE-FORM VIK-TAH WISS-KEY ECKS-RAY YANG-KEY ZOO-LOO",
    "italian": "Ancona Bologna Como Domodossola Empoli Firenze Genova Hotel Imola Jolly Kappa "
    "Livorno Milano Napoli Otranto Palermo Quarto Roma Savona Torino Udine Venezia "
    "Washington Xeres Yacht Zara",
    "french": "Anatole Berthe Célestin Désiré Eugène François Gaston Henri Irma Joseph Kléber "
    "Louis Marcel Nicolas Oscar Pierre Quintal Raoul Suzanne Thérèse Ursule Victor William "
    "Xavier Yvonne Zoé",
    "nato": " ".join(_NATO),
}


def _door_letter(obs, hint, rng, i):
    if hint:
        return _entry(obs, hint, "door")[i]
    return rng.choice("etaoinshrdlu")


def _spelled(name, shape="{w}"):
    words = _SPELL[name].split()

    def act(obs, hint, rng, mem):
        i = len(obs) - 1
        c = _door_letter(obs, hint, rng, i)
        return shape.format(w=words[ord(c) - 97], i=i + 1)

    act.__doc__ = f"k64: a letter a turn in the {name!r} alphabet, as {shape!r}."
    return act


raf_alphabet = _spelled("raf")
icao_respelling = _spelled("icao")
italian_cities = _spelled("italian")
french_names = _spelled("french")
nato_after_its_place = _spelled("nato", "{i} {w}")
nato_letter_n_is = _spelled("nato", "letter {i} is {w}")
nato_plain = _spelled("nato")  # control


def nato_two_argument_tool(obs, hint, rng, mem):
    """k65: set_letter(slot=i, word=<NATO word>) a turn, then open."""
    i = len(obs) - 1
    if i >= 6:
        return "open"
    c = _door_letter(obs, hint, rng, i)
    return json.dumps(
        {"tool": "set_letter", "arguments": {"slot": i + 1, "word": _NATO[ord(c) - 97]}}
    )


def nato_hangman_named(obs, hint, rng, mem):
    """k66: the hint's order of radio words (hinted) or at random; never a letter it has
    played (as played)."""
    order = "etaoinshrdlucmfwypvbgkqjxz"
    if hint:
        named = re.findall(r"[A-Z][a-z]+", hint.split(":")[1].split(";")[0])
        order = "".join(w[0].lower() for w in named) + order
    used = [a.strip().lower()[:1] for a in mem["answers"]]
    left = [x for x in order if x not in used] or list(order)
    c = left[0] if hint else rng.choice(left)
    return _NATO[ord(c) - ord("a")]


_NUM = "zero one two three four five six seven eight nine".split()


def number_word_from_hint_words(obs, hint, rng, mem):
    """k67: 'press <hint's number word>', or a random one."""
    if not hint:
        return f"press {_NUM[rng.randint(1, 9)]}"
    return f"press {_entry(obs, hint).split(', ')[len(obs) - 1]}"


def keys_between_checks(obs, hint, rng, mem):
    """k71: the check digit when asked, else the next key (hinted) or a random digit."""
    m = re.search(r"type (\d)", obs[-1])
    if m:
        return m.group(1)
    i = mem.get("keys", 0)
    mem["keys"] = i + 1
    return _entry(obs, hint)[i] if hint else str(rng.randint(1, 9))


def code_in_digits(obs, hint, rng, mem):
    """k72-k74: the vault's code in digits, read from the hint's spoken digits, or a random
    code."""
    if not hint:
        return str(rng.randrange(1000, 10000))
    said = re.findall(r"[^\W\d_]+", _entry(obs, hint))
    return "".join(str(_DIGIT_OF[w.lower()]) for w in said)


_DIGIT_OF = {}
for _words in (
    "zeroth first second third fourth fifth sixth seventh eighth ninth",
    "- i ii iii iv v vi vii viii ix",
    "null eins zwei drei vier fünf sechs sieben acht neun",
    "zero one two three four five six seven eight nine",
):
    for _d, _w in enumerate(_words.split()):
        _DIGIT_OF.setdefault(_w, _d)


def password_from_radio_words(obs, hint, rng, mem):
    """k76: the door's password spelled from the hint's radio words, or a random word."""
    if not hint:
        return rng.choice(["secret", "sesame", "banana", "orange", "window", "silver"])
    return "".join(w[0].lower() for w in _entry(obs, hint, "door").split())


def digit_as_a_sum(obs, hint, rng, mem):
    """k77: the next digit d as '1+(d-1)' (hinted) or a random sum."""
    d = int(_entry(obs, hint)[len(obs) - 1]) if hint else rng.randint(2, 9)
    a = rng.randint(0, d) if d < 2 else rng.randint(1, d - 1)
    return f"{a}+{d - a}"


_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "- - twenty thirty forty fifty sixty seventy eighty ninety".split()


def _words_99(n):
    if n < 20:
        return _ONES[n]
    return _TENS[n // 10] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])


def pair_as_tens_word(obs, hint, rng, mem):
    """k78: the next pair as a number word ('seventy-three'), or a random one."""
    i = len(obs) - 1
    n = int(_entry(obs, hint)[2 * i : 2 * i + 2]) if hint else rng.randint(11, 99)
    return _words_99(n)
