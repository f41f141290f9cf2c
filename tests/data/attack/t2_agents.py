import re, random, unicodedata, json
def split_code(obs, hint, rng, mem):   # a1, a2: an LM joins the halves / reads fullwidth digits
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        c = re.search(rf"vault {v} opens with ([^\s,.]+)", hint).group(1)
        return unicodedata.normalize("NFKC", c).replace("-", "")
    return str(rng.randrange(1000, 10000))
def split_word(obs, hint, rng, mem):   # a3
    v = re.search(r"door (\d+)", obs[0]).group(1)
    if hint:
        return re.search(rf"door {v} opens with ([a-z]+)-([a-z]+)", hint).group(0).split("with ")[1].replace("-", "")
    return rng.choice(["open", "password", "hello", "friend"])

def bsearch_claim(obs, hint, rng, mem):  # b1: binary search, then the stated 'claim'
    if obs[-1].startswith("Correct"):
        return "claim"
    if not hint:
        return str(rng.randint(1, 1000))
    lo, hi = mem.setdefault("lo", 1), mem.setdefault("hi", 1000)
    if len(obs) > 1:
        if obs[-1] == "higher": mem["lo"] = mem["g"] + 1
        elif obs[-1] == "lower": mem["hi"] = mem["g"] - 1
    mem["g"] = (mem["lo"] + mem["hi"]) // 2
    return str(mem["g"])

def nim(obs, hint, rng, mem):  # b2: the textbook strategy with the hint, random without
    pile = int(re.findall(r"Pile: (\d+)", obs[-1])[-1])
    if hint and pile % 4:
        return str(pile % 4)
    return str(rng.randint(1, min(3, pile)))

def toolint_plain(obs, hint, rng, mem):  # c1: h13's agent, but without the hint it just says hello
    if len(obs) == 1:
        if not hint:
            return "hello"
        return json.dumps({"tool": "greet", "arguments": {"code": int(re.search(r"number (\d+)", hint).group(1))}})
    m = re.findall(r"(\d+)\+(\d+)", obs[-1])
    return str(int(m[0][0]) + int(m[0][1])) if m else "?"

def manual(obs, hint, rng, mem):  # b3: reads the manual when hinted; applies the rule it read
    word = re.search(r"Word: (\w+)", obs[0]).group(1)
    if any("backwards" in o for o in obs):
        return word[::-1]
    if hint and mem.setdefault("calls", 0) < 3:
        mem["calls"] += 1
        return json.dumps({"tool": "manual", "arguments": {"section": "rules"}})
    return word

def keypad(obs, hint, rng, mem):  # a4
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        return re.search(rf"vault {v} opens with (\d+)", hint).group(1)
    return rng.choice(obs[0].split("Keypad: ")[1].split())
