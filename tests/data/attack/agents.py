"""Scripted agents (observations, hint, rng, memory) -> str, following the hint as an LM would."""
import json, re

def _sum(obs):
    m = re.findall(r"(\d+)\+(\d+)", obs[-1])
    return str(int(m[0][0]) + int(m[0][1])) if m else "?"

def gate(obs, hint, rng, mem):          # h1
    if len(obs) == 1:
        return re.search(r"'([^']+)'", hint).group(1) if hint else rng.choice(["hello", "hi", "open"])
    return _sum(obs)

def arith(obs, hint, rng, mem):         # h2
    if len(obs) == 1:
        if hint:
            a, b = re.search(r"(\d+)\s*[×x*]\s*(\d+)", hint).groups()
            return str(int(a) * int(b))
        return rng.choice(["hello", "1234", "open"])
    return _sum(obs)

def tool(obs, hint, rng, mem):          # h3
    if len(obs) == 1:
        p = re.search(r"'([^']+)'", hint).group(1) if hint else rng.choice(["hello", "hi", "open"])
        return json.dumps({"tool": "greet", "arguments": {"phrase": p}}, ensure_ascii=False)
    return _sum(obs)

def vault(obs, hint, rng, mem):         # h4
    if hint:
        a, b = re.search(r"(\d+)\s*[×x*]\s*(\d+)", hint).groups()
        return str(int(a) * int(b))
    return str(rng.randrange(1000, 10000))

def anyword(obs, hint, rng, mem):       # h5
    return "onward"

def bsearch(obs, hint, rng, mem):       # f1
    if hint:
        lo, hi = mem.setdefault("lo", 1), mem.setdefault("hi", 1000)
        if len(obs) > 1:
            g = mem["g"]
            if obs[-1] == "higher": mem["lo"] = g + 1
            else: mem["hi"] = g - 1
        else:
            mem["g"] = 500
            return "500"
        mem["g"] = (mem["lo"] + mem["hi"]) // 2
        return str(mem["g"])
    return str(rng.randint(1, 1000))

RIGHT = {"north": "east", "east": "south", "south": "west", "west": "north"}
def maze(obs, hint, rng, mem):          # f2
    m = re.match(r"Facing (\w+)\. Open: (.*)\.", obs[-1])
    face, open_ = m.group(1), [d.strip() for d in m.group(2).split(",")]
    if not hint:
        return rng.choice(open_)
    left = {v: k for k, v in RIGHT.items()}
    back = RIGHT[RIGHT[face]]
    for d in (RIGHT[face], face, left[face], back):
        if d in open_:
            return d

def hello(obs, hint, rng, mem):         # c*: says hello with the hint, a random word without
    return "hello" if hint else rng.choice(["hi", "hey", "yo"])

def lock(obs, hint, rng, mem):          # h6: unhinted first asks a question, as chat models do
    import itertools
    if not hint and len(obs) == 1:
        return json.dumps({"tool": "ask", "arguments": {"question": "Can digits repeat?"}})
    cands = mem.setdefault("c", ["".join(c) for c in itertools.combinations("123456789", 3)])
    last = mem.get("last")
    if last is not None:
        m = re.match(r"(\d) digit", obs[-1])
        if m:
            k = int(m.group(1))
            mem["c"] = cands = [c for c in cands if sum(x == y for x, y in zip(c, last)) == k]
    guess = cands[0] if cands else "123"
    mem["last"] = guess
    return guess

def reverse(obs, hint, rng, mem):       # c8
    n = re.search(r"Number: (\d+)", obs[-1]).group(1)
    return n[::-1] if hint else n

def peekhello(obs, hint, rng, mem):     # c10: peeks first, then answers
    if len(obs) == 1:
        return '{"tool": "peek", "arguments": {}}'
    return "hello" if hint else "hi"

def peekhello2(obs, hint, rng, mem):    # c10: peeks, says a wrong word, then answers
    if len(obs) == 1:
        return '{"tool": "peek", "arguments": {}}'
    return "hello" if (hint and len(obs) > 2) else "hi"

def book(obs, hint, rng, mem):          # f3
    if len(obs) == 1:
        return '{"tool": "book", "arguments": {}}'
    try:
        n = len(json.loads(obs[-1])["text"])
    except Exception:
        return "0"
    return str(n) if hint else str(n + rng.choice([-1, 1]))

def table2(obs, hint, rng, mem):        # h10
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        return re.search(rf"vault {v} opens with (\d+)", hint).group(1)
    return str(rng.randrange(10, 100))

def arith_table(obs, hint, rng, mem):   # h11
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        a, b = re.search(rf"vault {v}: (\d+)×(\d+)", hint).groups()
        return str(int(a) * int(b))
    return str(rng.randrange(1000, 10000))

def toolint(obs, hint, rng, mem):       # h13
    if len(obs) == 1:
        c = int(re.search(r"number (\d+)", hint).group(1)) if hint else rng.randrange(1000, 10000)
        return json.dumps({"tool": "greet", "arguments": {"code": c}})
    return _sum(obs)

def toolkey(obs, hint, rng, mem):       # h14
    if len(obs) == 1:
        k = re.search(r"named '([^']+)'", hint).group(1) if hint else rng.choice(["hello", "name", "word"])
        return json.dumps({"tool": "greet", "arguments": {k: "yes"}})
    return _sum(obs)

def glued(obs, hint, rng, mem):         # h15
    n = re.search(r"number (\d+)", obs[0]).group(1)
    return ("sesame" + n) if hint else rng.choice(["open" + n, n, "hello"])

def spelled(obs, hint, rng, mem):       # h16
    if len(obs) == 1:
        return hint.split(": ", 1)[1] if hint else rng.choice(["hello", "open", "hi"])
    return _sum(obs)

_W = dict(zero="0", one="1", two="2", three="3", four="4", five="5", six="6", seven="7",
          eight="8", nine="9")

def number_words(obs, hint, rng, mem):  # h17
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    if hint:
        ws = re.search(rf"vault {v} opens with ([a-z ]+?)(;|\.)", hint).group(1).split()
        return "".join(_W[w] for w in ws)
    return str(rng.randrange(1000, 10000))
