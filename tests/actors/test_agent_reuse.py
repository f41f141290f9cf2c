"""Only the Agent actor's training replays (``purpose="train"``) reuse sandbox instances;
play_episode alone (the Critic's scoring path), other requests and validation get fresh ones."""

from __future__ import annotations

from pathlib import Path

import trio

from actors._validation import validate
from actors.agent import Agent, ScriptedAgent, play_episode
from engine.config import AgentConfig, CriticConfig, SandboxConfig
from engine.messages import EnvValidated, EpisodeFinished, EpisodeRequested
from engine.seed_envs import seed_envs
from sandbox_wasm import Sandbox

SOURCE = (Path(__file__).parents[1] / "data" / "labelled" / "trivial.py").read_text()


def _request(i: int, purpose: str = "train") -> EpisodeRequested:
    return EpisodeRequested(
        episode_id=f"e{i}",
        env_id="trivial",
        source=SOURCE,
        description="d",
        max_turns=7,
        seed=i,
        purpose=purpose,  # type: ignore[arg-type]
    )


async def test_agent_actor_reuses_and_scoring_paths_do_not() -> None:
    async with Sandbox.open(SandboxConfig(pool_size=1, reuse_episodes=8)) as sandbox:
        # the scoring path: play_episode without reuse, then validation
        fresh = await play_episode(_request(0), sandbox, ScriptedAgent(lambda o, h, r, m: "42"))
        assert fresh.status in ("ok", "max_turns")
        env = next(e for e in seed_envs() if e.name == "grid_rotated")
        assert isinstance(await validate(env.source, "", sandbox, CriticConfig()), EnvValidated)
        stats = sandbox.statistics()
        assert (stats.reused, stats.idle) == (0, 0)

        # the Agent actor: sequential episodes of one source share an instance
        actor = Agent(sandbox, ScriptedAgent(lambda o, h, r, m: "42"), AgentConfig(concurrency=1))
        send, inbox = trio.open_memory_channel[EpisodeRequested](0)
        out_send, out = trio.open_memory_channel[EpisodeFinished](10)
        async with trio.open_nursery() as nursery:
            await nursery.start(actor.run, inbox, out_send)
            async with send:
                await send.send(_request(9, purpose="score"))  # not a training replay: fresh
                for i in range(1, 5):
                    await send.send(_request(i))
        played = [ep async for ep in out]
        assert [ep.status for ep in played] == [fresh.status] * 5
        assert [ep.success for ep in played] == [fresh.success] * 5
        stats = sandbox.statistics()
        assert stats.reused == 3 and stats.idle == 1
