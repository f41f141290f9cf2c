"""Wordle: a method hint that names an example opening word. Any real word works as opener."""
DESCRIPTION = ("Guess the secret 5-letter English word in 6 tries. After each guess you get feedback per "
               "letter: G = right letter right place, Y = in the word elsewhere, . = not in the word. "
               "Only real English words are accepted; an unknown word ends the game.")
HINT = "Open with 'crane' (it covers common letters), then only guess words consistent with all feedback so far."
MAX_TURNS = 6
WORDS = ("crane slate about other which there their water after first never house place great "
         "small sound light world right point plant shore stone brain train grain bread cream "
         "dream flame frame grape shape stare store storm short sport spare spore score").split()

def feedback(g, s):
    out = []
    for i, c in enumerate(g):
        out.append("G" if s[i] == c else ("Y" if c in s else "."))
    return "".join(out)

class Env:
    def reset(self, seed=None, options=None):
        self.t = 0; self.done = False; self.ok = False
        self.s = WORDS[(seed or 0) % len(WORDS)]
        return "Make your first guess.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        g = action.strip().lower()
        if g not in WORDS:
            self.done = True
            return "Unknown word. Game over.", 0.0, True, False, {"success": False}
        if g == self.s:
            self.done = self.ok = True
            return "GGGGG - solved!", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return feedback(g, self.s) + " - out of tries.", 0.0, True, False, {"success": False}
        return f"{g}: {feedback(g, self.s)}", 0.0, False, False, {}
