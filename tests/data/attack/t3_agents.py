"""Agents of a third tester's attacks (h22-h27): follow the hint, else guess."""

import re


def syllable(obs, hint, rng, mem):
    nonce = re.search(r"(\d{6})", obs[0]).group(1)
    if hint:
        phrase = re.search(r"phrase is (\S+)", hint).group(1)
        return f"{nonce} {phrase}"
    return f"{nonce} " + rng.choice(["open", "friend", "pass", "sesame"])


def arith_code(obs, hint, rng, mem):
    import re as _re
    if hint:
        a, b = map(int, _re.findall(r"\d+", hint)[:2])
        return str(a * b)
    return str(rng.randrange(1000, 10000))


def a06(obs, hint, rng, mem):
    """The handed r_agents.a06."""
    import re as _re
    if hint and len(obs) == 1:
        return "open sesame"
    a, b = map(int, _re.findall(r"(\d+)\+(\d+)", obs[-1])[0])
    return str(a + b)


def ticket_phrase(obs, hint, rng, mem):
    """Hinted: ticket + the phrase after 'is ' up to ' ('. Unhinted: ticket + a guess."""
    import re as _re
    ticket = _re.search(r"Ticket (\d+)", obs[0]).group(1)
    if hint:
        phrase = hint.split("phrase is ", 1)[1].split(" (", 1)[0]
        return f"{ticket} {phrase}"
    return f"{ticket} " + rng.choice(["... --- ...", "🔑🔑🔑", ".-.-.-", "🐟🐟🐟"])
