"""Scripted agents for the z70N attacks (session 27). (observations, hint, rng, memory) -> str."""

import base64
import re


def table_b64(obs, hint, rng, mem):
    """z701: hinted, the table's code for the decoded label; unhinted, a decoded candidate."""
    first = obs[0]
    label = base64.b64decode(re.search(r"Label: (\S+)\.", first).group(1)).decode()
    if hint:
        v = label.split()[1]
        return re.search(rf"vault {v}: (\d+)", hint).group(1)
    shown = first.split("Candidates: ", 1)[1].split()
    return base64.b64decode(rng.choice(shown)).decode()


def colour_b64(obs, hint, rng, mem):
    """z702: hinted, the table's code for the decoded colour; unhinted, a decoded candidate."""
    first = obs[0]
    colour = base64.b64decode(re.search(r"Colour: (\S+)\.", first).group(1)).decode()
    if hint:
        return re.search(rf"{colour} (\d+)", hint).group(1)
    shown = first.split("Candidates: ", 1)[1].split()
    return base64.b64decode(rng.choice(shown)).decode()


_NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight"]


def table_b64_words(obs, hint, rng, mem):
    """z703: hinted, the table's code for the decoded number word; unhinted, a candidate."""
    first = obs[0]
    label = base64.b64decode(re.search(r"Label: (\S+)\.", first).group(1)).decode()
    if hint:
        v = _NUMBER_WORDS.index(label.split()[1]) + 1
        return re.search(rf"vault {v}: (\d+)", hint).group(1)
    shown = first.split("Candidates: ", 1)[1].split()
    return base64.b64decode(rng.choice(shown)).decode()


def caesar_b64(obs, hint, rng, mem):
    """z704: hinted, base64-decode and shift back; unhinted, four vocabulary words."""
    k = int(re.search(r"Shift (\d+)", obs[0]).group(1))
    if not hint:
        return " ".join(rng.choice(["lamp", "river", "stone"]) for _ in range(4))
    shifted = base64.b64decode(obs[0].split("Message: ", 1)[1]).decode()
    return "".join(chr((ord(c) - 97 - k) % 26 + 97) if c.isalpha() else c for c in shifted)


def xor(obs, hint, rng, mem):
    """z705: hinted, every byte XORed with the shown key; unhinted, four vocabulary words."""
    k = int(re.search(r"Key (\d+)", obs[0]).group(1))
    if not hint:
        return " ".join(rng.choice(["lamp", "river", "stone"]) for _ in range(4))
    return "".join(chr(int(b, 16) ^ k) for b in obs[0].split("Bytes: ", 1)[1].split())


def _unxor(hexes):
    """Bytes XORed with the key that makes the space the most common byte (a guess)."""
    codes = [int(b, 16) for b in hexes]
    k = max(set(codes), key=codes.count) ^ 32
    return "".join(chr(c ^ k) for c in codes)


def password_xor(obs, hint, rng, mem):
    """z706: hinted, the hint's password; unhinted, a decoded word."""
    if hint:
        return hint.rsplit(" ", 1)[1].rstrip(".")
    return rng.choice(_unxor(obs[0].split("Words: ", 1)[1].split()).split())


def table_xor(obs, hint, rng, mem):
    """z707: hinted, the table's word for the shown vault; unhinted, a decoded candidate."""
    v = int(re.search(r"Vault (\d+)", obs[0]).group(1))
    if hint:
        return re.search(rf"vault {v} (\w+)", hint).group(1)
    return rng.choice(_unxor(obs[0].split("Candidates: ", 1)[1].split()).split())
