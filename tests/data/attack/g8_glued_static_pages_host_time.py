"""Tester-glued g8 (SLOWDOWN of bdc1e6b): c1's reading task (29 pages of ~1 MB) whose pages are
'a12 ' repeated (letters glued to digits), with a hint word (xyzzy) the wins play so the gate
check runs its censored episodes. Verdict unchanged (flags=['constant_solution'], the reads are
the same every seed); what matters is host time.
Got (bdc1e6b, k=4, seed 0, 2026-12-02, 2-core host under load): 106 s and 95 s; at bdc1e6b~1:
34 s and 30 s (3x). _glued_numbers loops in Python over every word (~0.2 s per MB of 'a12 '
vs 0.05 s for _RUN.findall), and runs twice per observation in the censored episodes
(_Seen.add via _EpisodeView.see, then _shown_tokens(obs)) and once per turn per winner in
_gate_candidates.
Fixed the same day: glued numbers are read by one regex, and only in what the Agent plays and
in the hint: 36 s (30 s user) under the same load.
Command: OMP_NUM_THREADS=1 nice -n 19 /work/main/.venv/bin/python -m engine.score tests/data/attack/g8_glued_static_pages_host_time.py --agent tests/data/attack/tg_agents.py:reader --json"""
DESCRIPTION = "A long reading task. Answer read to turn a page; answer done after the last page. 30 turns."
HINT = "Say xyzzy first (for luck), then answer read 28 times, then done."
MAX_TURNS = 30
_PAGE = "a12 " * 240000

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.pages = 0; self.done = False; self.ok = False
        return "The book is closed.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip().lower()
        if a == "done":
            self.done = True; self.ok = self.pages >= 28
            return "Closed.", float(self.ok), True, False, {"success": self.ok}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of time.", 0.0, True, False, {"success": False}
        if a == "read":
            self.pages += 1
            return f"Page {self.pages}: " + _PAGE, 0.0, False, False, {}
        return "Nothing happens.", 0.0, False, False, {}
