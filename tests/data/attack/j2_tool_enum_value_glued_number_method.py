"""Tester-glued2 j2: the hint names a tool's ENUM value, `x40`, of the tool `look`'s argument
`lens` (enum x10, x40, x100). The contract: "Words of the tool schemas (tool names, argument
names, enum values) are never candidates". Must NOT be flagged information_gate (at most the
design is a constant-choice hint; the censored Agent must still be able to call the tool with
the schema's own values). Got (3c97f99, k=4, seed 0, 2026-12-02): accepted=True, flags=['information_gate'] (tokens {'40': 'constant'},
censored_wins 0/6), regret=1.0, frontier=False, 1.9 s. At bdc1e6b~1: flags=[], frontier, regret 1.0. Command:
OMP_NUM_THREADS=1 nice -n 19 /work/main/.venv/bin/python -m engine.score tests/data/attack/j2_tool_enum_value_glued_number_method.py --agent tests/data/attack/tj_agents.py:microscope --json"""
import random
DESCRIPTION = ("A slide is under the microscope. Call the tool 'look' with a lens to see it, then "
               "answer the number of cells on the slide. 3 turns.")
HINT = "Count at the x40 lens: x10 blurs the cells together and x100 shows only part of the slide."
MAX_TURNS = 3
TOOLS = [{"type": "function", "function": {
    "name": "look", "description": "look at the slide through a lens",
    "parameters": {"type": "object", "properties": {
        "lens": {"type": "string", "enum": ["x10", "x40", "x100"]}}, "required": ["lens"]}}}]

class Env:
    def reset(self, seed=None, options=None):
        self.n = random.Random(seed).randint(20, 90)
        self.done = False; self.ok = False; self.t = 0
        return "The slide is ready.", {}
    def look(self, lens=""):
        if lens == "x10":
            return "A blur of overlapping cells."
        if lens == "x40":
            return f"You count {self.n} cells."
        if lens == "x100":
            return f"Part of the slide: {self.n // 4 + 3} cells in view."
        return f"No lens {lens!r}; lenses: x10, x40, x100."
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == str(self.n)
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
