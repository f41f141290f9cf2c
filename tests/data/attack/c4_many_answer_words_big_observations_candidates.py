"""A per-vault code table behind a radio that answers every turn with 1 MB of static; the
code is taken only after 20 turns. The hinted agent talks (40 fresh words an answer) for 20
turns, then says the vault's code. _gate_candidates tests every played token with
_stated(view, tok) -- a regex over the whole episode shown so far (up to 20 MB), with no
substring pre-check and no early end: 20 turns x 40 tokens x ~10 MB, ~0.2 s a token, about
3 minutes of host time per winner, 4 winners. Off the event loop since 58f17d3, but the design's
score still takes many minutes (the verdict, information_gate, is right).
Measured (2 cores, nice 19, busy machine): --k 2 killed at 180 s. A smaller copy (code after
8 turns, 20 words an answer, MAX_TURNS 12) ends in 85 s: 19 s in _EpisodeView.see (its set
comprehension scans each 1 MB observation once per hint token: ~400 here), 17 s in
normalise_text's re.sub, 37 s in epoll waiting on the _gate_candidates thread."""
import random

_CODES = [f"kz{(i * 7919) % 100000:05d}" for i in range(200)]
DESCRIPTION = ("A vault with a radio. Talk to the radio; it answers with static. After 20 "
               "turns the vault listens: then say its code word. 24 turns.")
HINT = "Vault codes: " + ", ".join(f"vault {i}: {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 24
_STATIC = "kq0 " * 250000


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0; self.done = False; self.ok = False
        return f"This is vault {self.v}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        if self.t > 20 and action.strip() == _CODES[self.v]:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        return _STATIC, 0.0, False, False, {}
