"""Learnable: the rule is in the environment's own manual tool (offered in the schema). The hint
is the method 'read the manual first'; it names the tool's declared argument and enum value."""
import random
DESCRIPTION = ("Transform the word you are shown and answer with the result. You may call the tool "
               "'manual' to read how. 4 turns.")
HINT = "Read the manual first: call manual with section rules, then apply what it says."
MAX_TURNS = 4
TOOLS = [{"type": "function", "function": {"name": "manual", "description": "read a section of the game manual",
          "parameters": {"type": "object", "properties": {"section": {"type": "string", "enum": ["rules", "credits"]}},
                         "required": ["section"]}}}]
_WORDS = ["planet", "garden", "silver", "market", "copper", "window", "basket", "forest"]

class Env:
    def reset(self, seed=None, options=None):
        self.w = random.Random(seed).choice(_WORDS)
        self.done = False; self.t = 0
        return f"Word: {self.w}", {}
    def manual(self, section):
        if section == "rules":
            return "Rules: answer with the word written backwards."
        if section == "credits":
            return "Made by the Designer."
        return "No such section. Sections: rules, credits."
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.t += 1
        if action.strip().lower() == self.w[::-1]:
            self.done = True
            return "Correct.", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of turns.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
