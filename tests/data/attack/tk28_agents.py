"""Scripted agents for the z90N attacks (session 28). (observations, hint, rng, memory) -> str."""

import base64
import re

_DESCRIBED = ["7399", "4826", "1570", "9031", "6642", "2187", "5508", "3914"]


def _unshift(text, k):
    return "".join(
        chr((ord(c) - 65 - k) % 26 + 65)
        if c.isupper()
        else chr((ord(c) - 97 - k) % 26 + 97)
        if c.isalpha()
        else c
        for c in text
    )


def _pick(candidates, rng, mem):
    """A candidate not tried yet this episode."""
    tried = mem.setdefault("tried", [])
    left = [c for c in candidates if c not in tried] or candidates
    c = rng.choice(left)
    tried.append(c)
    return c


def password_xor_b64(obs, hint, rng, mem):
    """z901: hinted, the password the hint names; unhinted, one of the decoded words."""
    if hint:
        return hint.rsplit(" ", 1)[1].rstrip(".")
    k = int(re.search(r"Key (\d+)", obs[0]).group(1))
    raw = base64.b64decode(obs[0].split("Words: ", 1)[1])
    return rng.choice("".join(chr(b ^ k) for b in raw).split())


def passphrase_caesar(obs, hint, rng, mem):
    """z902: hinted, the passphrase the hint names; unhinted, one of the decoded phrases."""
    if hint:
        return hint.split(" is ", 1)[1].rstrip(".")
    k = int(re.search(r"Shift (\d+)", obs[0]).group(1))
    return rng.choice(_unshift(obs[0].split("Phrases: ", 1)[1], k).split("; "))


def _unvigenere(text, key):
    out, i = [], 0
    for c in text:
        if c.isalpha():
            out.append(chr((ord(c) - ord(key[i % len(key)])) % 26 + 97))
            i += 1
        else:
            out.append(c)
    return "".join(out)


def table_vigenere(obs, hint, rng, mem):
    """z903: hinted, the vault's phrase from the hint's table; unhinted, a deciphered
    candidate not tried yet."""
    if hint:
        v = re.search(r"Vault (\d+)", obs[0]).group(1)
        return re.search(rf"vault {v} (\w+ \w+ \w+)", hint).group(1)
    key = re.search(r"Keyword ([a-z]+)", obs[0]).group(1)
    return _pick(_unvigenere(obs[0].split("Candidates: ", 1)[1], key).split("; "), rng, mem)


def table_colon(obs, hint, rng, mem):
    """z904: hinted, the code the hint's table gives the shown vault; unhinted, a listed code."""
    if not hint:
        return _pick(_DESCRIBED, rng, mem)
    v = re.search(r"Vault: (\d+)", obs[0]).group(1)
    return re.search(rf"vault {v}: (\d+)", hint).group(1)


def table_caesar_digit(obs, hint, rng, mem):
    """z905: hinted, the shift that spells 'Vault', then the table's code; unhinted, a listed
    code."""
    if not hint:
        return _pick(_DESCRIBED, rng, mem)
    word, v = re.search(r"You face ([A-Za-z]+) (\d+)\.", obs[0]).groups()
    for k in range(26):
        if _unshift(word, k) == "Vault":
            return re.search(rf"Vault {v}: (\d+)", hint).group(1)
    return _pick(_DESCRIBED, rng, mem)


def comma_recipe(obs, hint, rng, mem):
    """z906: applies the hint's comma-separated steps, in the order written, to the shown
    number and word."""
    n = int(re.search(r"shows (\d+)", obs[0]).group(1))
    w = re.search(r"word is (\w+)", obs[0]).group(1)
    if not hint:
        return str(n * len(w) + rng.randrange(5))
    for step in hint.split(":", 1)[1].rstrip(".").split(","):
        k = re.search(r"\d+", step)
        if "add" in step:
            n += int(k.group())
        elif "times" in step:
            n *= len(w)
        elif "subtract" in step:
            n -= int(k.group())
    return str(n)


def table_backwards(obs, hint, rng, mem):
    """z907: hinted, the code the hint's table gives the vault read backwards; unhinted, a
    listed code."""
    if not hint:
        return _pick(_DESCRIBED, rng, mem)
    v = re.search(r"Vault (\d+)", obs[0][::-1]).group(1)
    return re.search(rf"vault {v}: (\d+)", hint).group(1)


def four_word_steps(obs, hint, rng, mem):
    """z908: applies the hint's ';'-separated steps (numbers in words), in the order written,
    to the shown number and word."""
    n = int(re.search(r"shows (\d+)", obs[0]).group(1))
    w = re.search(r"word is (\w+)", obs[0]).group(1)
    if not hint:
        return str(n * len(w) + rng.randrange(5))
    numbers = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
    for step in hint.split(":", 1)[1].rstrip(".").split(";"):
        k = next((v for word, v in numbers.items() if word in step.split()), 0)
        if "add" in step:
            n += k
        elif "multiply" in step:
            n *= len(w)
        elif "subtract" in step:
            n -= k
    return str(n)


def weighted_sum(obs, hint, rng, mem):
    """z909: hinted, each shown count times the hint's weight for its fruit, added;
    unhinted, a guess."""
    held = re.findall(r"(\d+) (apple|pear|plum)", obs[0])
    if not hint:
        return str(sum(int(n) for n, _ in held) * rng.choice([100, 120, 130]))
    return str(sum(int(n) * int(re.search(rf"{f}: (\d+)", hint).group(1)) for n, f in held))


def elements_with_remarks(obs, hint, rng, mem):
    """z911: hinted, each shown symbol's number from the hint's table; unhinted, a guess."""
    if not hint:
        return "".join(str(rng.randint(1, 9)) for _ in range(4))
    table = dict(re.findall(r"([A-Z][a-z]?) \([a-z]+\): (\d)", hint))
    shown = obs[0].split("shows: ", 1)[1].split(".", 1)[0].split()
    return "".join(table[s] for s in shown)


def two_word_colours(obs, hint, rng, mem):
    """z912: hinted, each shown colour's digit from the hint's table; unhinted, a guess."""
    if not hint:
        return "".join(str(rng.randint(1, 8)) for _ in range(4))
    table = dict(re.findall(r"(\w+ \w+) is (\d)", hint))
    shown = obs[0].split("shows: ", 1)[1].split(".", 1)[0].split(", ")
    return "".join(table[s] for s in shown)


def keypad_letters(obs, hint, rng, mem):
    """z913: hinted, each letter of the shown word through the hint's table; unhinted, a
    guess of as many digits."""
    w = re.search(r"The word is (\w+)\.", obs[0]).group(1)
    if not hint:
        return "".join(str(rng.randint(2, 9)) for _ in w)
    table = dict(re.findall(r"([a-z]): (\d)", hint))
    return "".join(table[c] for c in w)


def _rot47(s):
    return "".join(chr(33 + (ord(c) - 33 + 47) % 94) if 33 <= ord(c) <= 126 else c for c in s)


def rot47(obs, hint, rng, mem):
    """z914: hinted, rotate every character back; unhinted, vocabulary words."""
    if not hint:
        return " ".join(rng.choice(["lamp", "river", "stone"]) for _ in range(4))
    return _rot47(obs[0].split("Cipher text: ", 1)[1])
