"""The engine embedded in a trio program: score two environments with a scripted agent.

    python examples/trio_score.py

The engine starts inside ``main``'s task (``async with engine.open_engine(...)``), validates
each environment in the WebAssembly sandbox, plays ``critic.k`` episodes without and with the
hint, and reports the hint-based regret; a broken program comes back as the Critic's
rejection. Pass ``agent=None`` instead of a scripted agent to play with the policy (CPU policy
servers are launched per ``[policy]``).
"""

from __future__ import annotations

import random
from typing import Any

import trio

import engine

GUESS = '''
"""Find a secret number in 1..64 from higher/lower answers."""
import random

DESCRIPTION = "A secret integer between 1 and 64 is hidden. Guess it in 6 tries; you hear 'higher' or 'lower'."
HINT = "Halve the range every time: guess its midpoint."
MAX_TURNS = 6


class Env:
    def reset(self, seed=None, options=None):
        self.secret = random.Random(seed).randint(1, 64)
        self.turn = 0
        return "Guess a number between 1 and 64.", {}

    def step(self, action):
        self.turn += 1
        try:
            guess = int(action.strip())
        except ValueError:
            guess = 0
        if guess == self.secret:
            return "correct", 1.0, True, False, {"success": True}
        if self.turn >= MAX_TURNS:
            return "out of guesses", 0.0, False, True, {"success": False}
        return ("higher" if guess < self.secret else "lower"), 0.0, False, False, {}
'''

BROKEN = (
    "class Env:\n    def reset(self, seed=None, options=None)\n        return 'no colon above'\n"
)


def player(
    observations: list[str], hint: str | None, rng: random.Random, memory: dict[str, Any]
) -> str:
    """Halves the range when the hint says so; guesses at random otherwise."""
    if not hint:
        return str(rng.randint(1, 64))
    lo, hi = memory.setdefault("range", [1, 64])
    if "guess" in memory:
        if observations[-1] == "higher":
            lo = memory["guess"] + 1
        elif observations[-1] == "lower":
            hi = memory["guess"] - 1
    memory["range"] = [lo, hi]
    memory["guess"] = (lo + hi) // 2
    return str(memory["guess"])


async def main() -> None:
    # "hash" embeddings keep the example fast; real runs use the default (MiniLM).
    config = engine.load_config(None, ["memory.embedder=hash", "critic.k=8"])
    async with engine.open_engine(config, agent=player) as eng:
        for name, source in (("guess", GUESS), ("broken", BROKEN)):
            outcome = await eng.submit_env(source)
            if isinstance(outcome, engine.EnvScored):
                print(
                    f"{name}: scored  success without hint {outcome.success_without:.2f}, "
                    f"with hint {outcome.success_with:.2f}, regret {outcome.regret:+.2f} "
                    f"[{outcome.ci_low:+.2f}, {outcome.ci_high:+.2f}], "
                    f"{'accepted' if outcome.accepted else 'not accepted'}"
                )
            else:
                print(f"{name}: rejected  {outcome.reason}: {outcome.detail}")
        stats = eng.statistics()
        print(
            f"engine: {stats.scored} scored, rejected {stats.rejected}, archive {stats.archive_size}"
        )


if __name__ == "__main__":
    trio.run(main)
