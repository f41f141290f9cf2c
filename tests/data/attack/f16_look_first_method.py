"""A dark grid: the description lists the commands (look, north, south, east, west); 'look'
shows where the exit is. The hint is a plain method, "look first, then walk to the exit".
Every hinted win opens with 'look' and no unhinted episode does, so the opening-answer rule
makes the stated command 'look' a gate candidate; censored, the agent can never look, and the
method is flagged an information gate."""
import random
DESCRIPTION = ("You are in a dark 9x9 grid and must reach the exit. Commands: look (shows your "
               "position and the exit's), north, south, east, west. 12 turns.")
HINT = "Use look first, then walk straight to the exit: the grid has no walls."
MAX_TURNS = 12
_D = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}

class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.pos = (4, 4)
        self.exit = r.choice([(x, y) for x in range(9) for y in range(9) if abs(x - 4) + abs(y - 4) >= 4])
        self.t = 0; self.done = False; self.ok = False
        return "It is dark.", {}
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip().lower()
        if a == "look":
            obs = f"You are at {self.pos[0]},{self.pos[1]}; the exit is at {self.exit[0]},{self.exit[1]}."
        elif a in _D:
            x, y = self.pos[0] + _D[a][0], self.pos[1] + _D[a][1]
            self.pos = (min(8, max(0, x)), min(8, max(0, y)))
            if self.pos == self.exit:
                self.done = self.ok = True
                return "You found the exit.", 1.0, True, False, {"success": True}
            obs = "You walk in the dark."
        else:
            obs = "Unknown command."
        if self.t >= MAX_TURNS:
            self.done = True
            return "Time is up.", 0.0, True, False, {"success": False}
        return obs, 0.0, False, False, {}
