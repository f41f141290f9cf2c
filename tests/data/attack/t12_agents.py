"""Scripted agents of tester 30 (f18-, h87-): (observations, hint, rng, memory) -> str."""
import re


def leave_eleven(obs, hint, rng, mem):
    """f18: hinted, leave the largest multiple of 11 below the pile (the method); unhinted, a
    random legal pile."""
    pile = int(re.findall(r"has (\d+) stones", obs[-1])[-1])
    if hint and pile % 11:
        return str(pile - pile % 11)
    return str(max(0, pile - rng.randint(1, 10)))


def _latex(e):
    e = e.strip().strip("$")
    m = re.fullmatch(r"\\frac\{(\d+)\}\{(\d+)\}", e)
    if m:
        return int(m.group(1)) // int(m.group(2))
    e = e.replace(r"\times", "*").replace(r"\cdot", "*").replace(r"\div", "//")
    return eval(e, {"__builtins__": {}})


def _words(e):
    e = e.strip()
    for pat, f in [(r"half of (\d+)", lambda a: a // 2), (r"twice (\d+)", lambda a: 2 * a),
                   (r"(\d+) doubled", lambda a: 2 * a), (r"(\d+) squared", lambda a: a * a)]:
        m = re.fullmatch(pat, e)
        if m:
            return f(int(m.group(1)))
    m = re.fullmatch(r"(\d+) less (\d+)", e)
    return int(m.group(1)) - int(m.group(2))


def table_latex(obs, hint, rng, mem):
    """h87: the hint's LaTeX entry 'vault N: $...$;' for this vault; unhinted: a random code."""
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        return str(_latex(re.search(rf"vault {v}: (.+?);", hint).group(1)))
    return str(rng.randrange(1000, 10000))


def table_words(obs, hint, rng, mem):
    """h88: the hint's entry in operator words (half of, twice, doubled, less); unhinted: a
    random code."""
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        return str(_words(re.search(rf"vault {v}: (.+?);", hint).group(1)))
    return str(rng.randrange(1000, 10000))
