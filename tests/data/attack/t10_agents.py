"""Scripted agents for tester 11's repros (obs, hint, rng, mem) -> answer."""
import itertools
import json
import re


def _lock(obs, hint, rng, mem, pool):
    cands = mem.setdefault("c", list(pool))
    last = mem.get("last")
    m = re.match(r"(\d) digit", obs[-1])
    if last is not None and m:
        k = int(m.group(1))
        mem["c"] = cands = [c for c in cands if sum(x == y for x, y in zip(c, last)) == k]
    guess = cands[0] if cands else "123"
    mem["last"] = guess
    return guess


def self_note(obs, hint, rng, mem):
    """r1: first stores a note with a field named "self", then plays the lock (hinted:
    increasing triples; unhinted: every 3-digit string of distinct digits, shuffled)."""
    if len(obs) == 1:
        return '{"tool": "note", "arguments": {"self": "me", "plan": "try codes"}}'
    if hint:
        pool = ["".join(c) for c in itertools.combinations("123456789", 3)]
    else:
        pool = mem.setdefault("p", ["".join(c) for c in itertools.permutations("123456789", 3)])
        if "shuf" not in mem:
            rng.shuffle(pool); mem["shuf"] = 1
    return _lock(obs, hint, rng, mem, pool)


def note_plain(obs, hint, rng, mem):
    """r1 control: the same with no field named "self"."""
    out = self_note(obs, hint, rng, mem)
    return out.replace('"self"', '"who"')


def _vault_word(obs, hint):
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    return re.search(rf"vault {v}: (\w+)", hint).group(1)


def dotless_i(obs, hint, rng, mem):
    """h63: hinted, the vault's password with every i written as the dotless i (U+0131);
    unhinted, a random word of the task's."""
    if hint:
        return _vault_word(obs, hint).replace("i", "\u0131")
    return rng.choice(["vault", "password", "attempt", "word"])


def plain_i(obs, hint, rng, mem):
    """h63 control: the password as written (censored: flagged)."""
    if hint:
        return _vault_word(obs, hint)
    return rng.choice(["vault", "password", "attempt", "word"])


def listen_then_code(obs, hint, rng, mem):
    """c3: says "listen" for 4 turns (1 MB of static each), then, hinted, the vault's code
    from the hint; unhinted, keeps listening."""
    if len(obs) <= 4 or not hint:
        return "listen"
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    return re.search(rf"vault {v}: (\w+)", hint).group(1)


def escaped_wire_code(obs, hint, rng, mem):
    """h64: enters the vault's code (hinted: from the hint; unhinted: random) as OpenAI-wire
    arguments, a JSON string whose code digits are \\uXXXX escapes; then "open"."""
    if len(obs) > 1:
        return "open"
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    code = (re.search(rf"vault {v} opens with (\d+)", hint).group(1) if hint
            else "%04d" % rng.randrange(10000))
    inner = '{"code": "%s"}' % "".join("\\u%04x" % ord(c) for c in code)
    return json.dumps({"tool": "enter", "arguments": inner})


def plain_wire_code(obs, hint, rng, mem):
    """h64 control: the same code as plain digits inside the arguments string."""
    out = escaped_wire_code(obs, hint, rng, mem)
    if out == "open":
        return out
    args = json.loads(json.loads(out)["arguments"])
    return json.dumps({"tool": "enter", "arguments": json.dumps(args)})


def chatter_then_code(obs, hint, rng, mem):
    """c4: for 20 turns, 40 fresh random words an answer; then, hinted, the vault's code from
    the hint; unhinted, more words."""
    if len(obs) <= 20 or not hint:
        return " ".join("".join(rng.choice("bcdfghjmnpstvw") for _ in range(7)) for _ in range(40))
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    return re.search(rf"vault {v}: (\w+)", hint).group(1)


def bsearch_banner(obs, hint, rng, mem):
    """c5: binary search from 500 (hinted), reading only the first line of the feedback;
    unhinted, random guesses."""
    if hint:
        if len(obs) > 1:
            g = mem["g"]
            if obs[-1].startswith("higher"):
                mem["lo"] = g + 1
            else:
                mem["hi"] = g - 1
        else:
            mem["lo"], mem["hi"], mem["g"] = 1, 1000, 500
            return "500"
        mem["g"] = (mem["lo"] + mem["hi"]) // 2
        return str(mem["g"])
    return str(rng.randint(1, 1000))


def four_dials(obs, hint, rng, mem):
    """h65: sets the four dials to the vault's code (hinted: from the hint; unhinted: random
    digits), one argument per dial; then "open"."""
    if len(obs) > 1:
        return "open"
    v = re.search(r"vault (\d+)", obs[0]).group(1)
    code = (re.search(rf"vault {v} opens with (\d+)", hint).group(1) if hint
            else "%04d" % rng.randrange(10000))
    return json.dumps({"tool": "set_dials",
                       "arguments": {f"d{i + 1}": int(c) for i, c in enumerate(code)}})
