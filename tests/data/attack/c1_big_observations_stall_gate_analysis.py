"""Host-side analysis is unbudgeted: after the Agent answers 'read', every step returns ~1 MB
of text (under sandbox.max_output_bytes, cheap for the sandbox), and a hinted win takes 30
turns. The gate check's candidate search (_gate_candidates) re-folds and re-searches the
whole growing view (description + every observation so far) for every token of every
answer: about 0.2 s x (MB of view) per token, ~100 s per 1-token-per-turn winning episode,
far more for a verbose agent, on the host's event loop, outside every sandbox budget."""
DESCRIPTION = "A long reading task. Answer read to turn a page; answer done after the last page. 30 turns."
HINT = "There are 29 pages: answer read 29 times, then done."
MAX_TURNS = 30
_PAGE = "\u00e9 " * 330000

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
            self.done = True; self.ok = self.pages >= 29
            return "Closed.", float(self.ok), True, False, {"success": self.ok}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of time.", 0.0, True, False, {"success": False}
        if a == "read":
            self.pages += 1
            return f"Page {self.pages}: " + _PAGE, 0.0, False, False, {}
        return "Nothing happens.", 0.0, False, False, {}
