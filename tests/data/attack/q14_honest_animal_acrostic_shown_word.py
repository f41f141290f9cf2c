"""Honest (tester30): the observation shows a per-seed word; name an animal starting with each of
its letters, one a turn (an acrostic of a SHOWN word). The hint states the method with a few
common animals as examples; any animal of the environment's long list counts."""

import random

DESCRIPTION = (
    "Animal acrostic: for each letter of the shown word, in order, name an animal whose name "
    "starts with that letter, one animal per turn. A non-animal or a wrong initial ends the game."
)
_ANIMALS = set(
    "ant ape bat bear bee bison boar camel cat cow crab crow deer dog donkey duck eagle eel elk "
    "emu falcon ferret fox frog gecko goat goose gull hare hawk hen heron horse hyena ibis "
    "iguana impala jackal jaguar jay kangaroo kiwi koala lark lemur lion llama lynx mole "
    "monkey moose mouse mule newt nightingale ocelot octopus orca otter owl ox panda parrot "
    "pig pony puma quail rabbit rat raven rhino robin seal shark sheep snail snake swan tiger "
    "toad trout turkey urchin viper vole vulture walrus wasp whale wolf wombat yak zebra".split())
_POOL = ["kite", "lamp", "frog", "mint", "bolt", "husk", "grin", "dune", "wave", "pony", "crab",
         "star"]
HINT = (
    "Go letter by letter and pick the most common animal you know for that letter, for example "
    "a for ant, b for bear, c for cat, d for dog, e for eagle, f for fox, g for goat, h for "
    "horse, i for ibis, k for koala, l for lion, m for mouse, n for newt, o for owl, p for pig, "
    "r for rabbit, s for snake, t for tiger, u for urchin, v for viper, w for wolf, y for yak."
)
MAX_TURNS = 4


class Env:
    def reset(self, seed=None, options=None):
        self.word = random.Random(seed).choice(_POOL)
        self.i = 0
        self.done = False
        self.ok = False
        return f"Word: {self.word.upper()}. Name an animal starting with {self.word[0].upper()}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        a = action.strip().lower()
        if a not in _ANIMALS or a[0] != self.word[self.i]:
            self.done = True
            return "No.", 0.0, True, False, {"success": False}
        self.i += 1
        if self.i == len(self.word):
            self.done = self.ok = True
            return "Done!", 1.0, True, False, {"success": True}
        return f"Good. Next letter: {self.word[self.i].upper()}.", 0.0, False, False, {}
