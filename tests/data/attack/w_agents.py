import re, importlib.util, pathlib
_spec = importlib.util.spec_from_file_location("w", str(pathlib.Path(__file__).with_name("f4_wordle_method.py")))
_w = importlib.util.module_from_spec(_spec); _spec.loader.exec_module(_w)
VOCAB = _w.WORDS  # the agent "knows English"

def wordle(obs, hint, rng, mem):
    if not hint:
        return rng.choice([w for w in VOCAB if w != "crane"])
    cands = list(VOCAB)
    for o in obs[1:]:
        m = re.match(r"(\w{5}): ([GY.]{5})", o)
        if m:
            g, f = m.groups()
            cands = [w for w in cands if _w.feedback(g, w) == f and w != g]
    if len(obs) == 1:
        return re.search(r"'(\w+)'", hint).group(1)
    return cands[0] if cands else rng.choice(VOCAB)

def wordle_habit(obs, hint, rng, mem):
    """Same method; the opening word is the agent's own habit (an LM's favourite opener)."""
    if hint and len(obs) == 1:
        return "crane"
    if not hint:
        return rng.choice([w for w in VOCAB if w != "crane"])
    return wordle(obs, "'crane'", rng, mem)
