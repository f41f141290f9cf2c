"""Learnable: a fixed maze (same on every seed) solved by the wall-follower method the hint
teaches. Unhinted random wandering rarely gets out in 30 moves. The hinted winning sequence is
the same on every seed, so constant_solution fires, although the hint holds a method, not a secret."""
DESCRIPTION = ("You are in a maze. Move with north, south, east or west. Each observation says which "
               "directions are open and which way you face. Reach the exit within 30 moves.")
HINT = "Keep your right hand on the wall: at each step turn right if you can, else go straight, else left, else back."
MAX_TURNS = 30
MAZE = ["#########",
        "#S..#...#",
        "###.#.#.#",
        "#...#.#.#",
        "#.###.#.#",
        "#.....#E#",
        "#########"]
D = {"north": (-1, 0), "south": (1, 0), "east": (0, 1), "west": (0, -1)}

class Env:
    def reset(self, seed=None, options=None):
        self.r, self.c = 1, 1; self.t = 0; self.done = False; self.ok = False; self.face = "south"
        return self._obs(), {}
    def _open(self):
        return [d for d, (dr, dc) in D.items() if MAZE[self.r + dr][self.c + dc] != "#"]
    def _obs(self):
        return f"Facing {self.face}. Open: {', '.join(self._open())}."
    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        a = action.strip().lower()
        if a in D and a in self._open():
            dr, dc = D[a]; self.r += dr; self.c += dc; self.face = a
        if MAZE[self.r][self.c] == "E":
            self.done = self.ok = True
            return "You escaped!", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Lost in the maze.", 0.0, True, False, {"success": False}
        return self._obs(), 0.0, False, False, {}
