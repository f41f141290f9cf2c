"""engine.seed_envs.agents: a scripted agent per seed environment for ``engine.score``."""

from __future__ import annotations

import json
import random

import pytest

import engine.seed_envs.agents as agents
from engine.score import load_agent, main
from engine.seed_envs import SEED_FAMILIES, play_in_process, seed_envs


@pytest.mark.parametrize("env", seed_envs(), ids=lambda e: e.name)
def test_every_seed_has_an_agent_that_loads_and_wins_it_with_the_hint(env) -> None:  # type: ignore[no-untyped-def]
    fn = load_agent(f"engine.seed_envs.agents:{env.name}")
    assert fn.__name__ == env.name
    mem: dict[str, object] = {}
    wins = sum(
        play_in_process(env.source, lambda o: fn(o, env.hint, random.Random(0), mem), s)[0]
        for s in range(3)
    )
    assert wins == 3, env.name


def test_the_agents_are_exactly_the_seeds() -> None:
    assert sorted(agents.__all__) == sorted(SEED_FAMILIES)


def test_engine_score_measures_a_seeds_regret_with_its_shipped_agent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from engine.seed_envs import __file__ as seeds_init

    path = seeds_init.replace("__init__.py", "caesar.py")
    rc = main([path, "--agent", "engine.seed_envs.agents:caesar", "--k", "4", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert rc == 0, report
    assert report["success_with"] > report["success_without"]
