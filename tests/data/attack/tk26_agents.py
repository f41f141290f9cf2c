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
