"""Scripted agents of a tenth tester (h54-): (observations, hint, rng, memory) -> str."""
import re


def ticket_then_word(obs, hint, rng, mem):
    """h54: echo the ticket, then the hint's quoted passphrase (unhinted: a common word)."""
    if len(obs) == 1:
        return re.search(r"ticket is (\d+)", obs[0]).group(1)
    if hint:
        return re.search(r"'([^']+)'", hint).group(1)
    return rng.choice(["open", "password", "hello", "friend", "mellon"])


def table_listed(obs, hint, rng, mem):
    """h55: the hint's entry for this vault; unhinted: one of the listed codes at random."""
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        return re.search(rf"vault {v} opens with (\d+)", hint).group(1)
    return rng.choice(["7399", "4182", "5630", "2917", "8054", "6341", "1728", "9465", "3806", "5274"])


_ROMAN = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}


def table_roman(obs, hint, rng, mem):
    """h56: the vault's Roman numeral read as decimal; unhinted: a random 4-digit code."""
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        r = re.search(rf"vault {v} opens with ([MDCLXVI]+)", hint).group(1)
        n = 0
        for a, b in zip(r, r[1:] + " "):
            x = _ROMAN[a]
            n += -x if b != " " and _ROMAN[b] > x else x
        return str(n)
    return str(rng.randrange(1000, 10000))


def ask_then_lock(obs, hint, rng, mem):
    """h57: unhinted, first asks the help tool a question (as chat models do); then both
    enumerate increasing triples, pruned by the feedback (h05's solver)."""
    import itertools
    if not hint and len(obs) == 1:
        return '{"tool": "ask", "arguments": {"question": "Can the digits repeat?"}}'
    cands = mem.setdefault("c", ["".join(c) for c in itertools.combinations("123456789", 3)])
    last = mem.get("last")
    m = re.match(r"(\d) digit", obs[-1])
    if last is not None and m:
        k = int(m.group(1))
        mem["c"] = cands = [c for c in cands if sum(x == y for x, y in zip(c, last)) == k]
    guess = cands[0] if cands else "123"
    mem["last"] = guess
    return guess


def leave_eleven(obs, hint, rng, mem):
    """f15: hinted, leave the largest multiple of 11 below the pile; unhinted, a random legal
    pile."""
    pile = int(re.findall(r"has (\d+) stones", obs[-1])[-1])
    if hint and pile % 11:
        return str(pile - pile % 11)
    return str(max(0, pile - rng.randint(1, 10)))


def key_per_turn(obs, hint, rng, mem):
    """h58: the vault's code from the hint, one digit per turn; unhinted, random keys."""
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        return re.search(rf"vault {v} opens with (\d+)", hint).group(1)[len(obs) - 1]
    return str(rng.randrange(10))


def lever(obs, hint, rng, mem):
    """h59: call the vault's lever tool from the hint (unhinted: a random lever), then open."""
    if len(obs) > 1:
        return "open"
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        name = re.search(rf"vault {v} opens with (\w+)", hint).group(1)
    else:
        name = rng.choice(["amber", "birch", "cobalt", "dune", "ember", "fjord", "garnet",
                           "harbor", "indigo", "juniper"])
    return '{"tool": "%s", "arguments": {}}' % name


def reader(obs, hint, rng, mem):
    """c1: hinted, 'read' 29 times then 'done'; unhinted, 'done' at once."""
    if hint and len(obs) <= 29:
        return "read"
    return "done"


def huge_table(obs, hint, rng, mem):
    """c2: the vault's entry of the 60,000-entry table; unhinted, a random 5-digit code."""
    v = re.search(r"vault (v\d+)", obs[0]).group(1)
    if hint:
        return re.search(rf"\b{v}=(\d+)", hint).group(1)
    return str(rng.randrange(10000, 100000))


def gate_sometimes_tries_decoy(obs, hint, rng, mem):
    """h9 (and h60) with an unhinted agent that sometimes tries the word the observation
    names, as a curious LM does ("sesame is NOT the word" - is it?): once an unhinted episode
    has played it, the gate word is no 'constant' candidate, and seen in the observation it is
    no 'hint' candidate either."""
    if len(obs) == 1:
        if hint:
            return re.search(r"'([^']+)'", hint).group(1)
        return rng.choice(["hello", "hi", "open", "sesame"])
    m = re.findall(r"(\d+)\+(\d+)", obs[-1])
    return str(int(m[0][0]) + int(m[0][1])) if m else "?"


def look_first(obs, hint, rng, mem):
    """f16: hinted, look until the exit is known, then walk to it; unhinted, walk at random."""
    if hint:
        for o in reversed(obs):
            m = re.search(r"at (\d),(\d); the exit is at (\d),(\d)", o)
            if m:
                if "target" not in mem:
                    mem["pos"] = [int(m.group(1)), int(m.group(2))]
                    mem["target"] = (int(m.group(3)), int(m.group(4)))
                break
        if "target" not in mem:
            return "look"
        (x, y), (tx, ty) = mem["pos"], mem["target"]
        move = "east" if tx > x else "west" if tx < x else "south" if ty > y else "north"
        mem["pos"] = [x + (tx > x) - (tx < x), y + (ty > y and tx == x) - (ty < y and tx == x)]
        return move
    return rng.choice(["north", "south", "east", "west"])


def dial_float(obs, hint, rng, mem):
    """h61: set the dial to the hint's setting for this vault as a JSON number, then open;
    unhinted, a random setting."""
    if len(obs) > 1:
        return "open"
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        val = re.search(rf"vault {v} opens at (\d+(?:\.\d+)?)", hint).group(1)
    else:
        val = f"{rng.randrange(10000) / 100:.2f}"
    return '{"tool": "set_dial", "arguments": {"value": %s}}' % val


def dial_string(obs, hint, rng, mem):
    """h61 control: the same setting sent as a JSON string (censored: flagged)."""
    out = dial_float(obs, hint, rng, mem)
    return re.sub(r'"value": ([\d.]+)', r'"value": "\1"', out)


def ticket_then_arith(obs, hint, rng, mem):
    """h62: echo the ticket, then evaluate the hint's arithmetic; unhinted, one of the codes
    the door listed."""
    if len(obs) == 1:
        return re.search(r"ticket is (\d+)", obs[0]).group(1)
    if hint:
        a, b, c = map(int, re.search(r"(\d+)\*(\d+)-(\d+)", hint).groups())
        return str(a * b - c)
    return rng.choice(re.findall(r"\d{4}", obs[-1]))
