"""Every actor kind of the self-play topology exits when its upstream closes and when cancelled.

Each actor runs under the real runtime with sinks on its outboxes; its dependencies that are
not exercised by an empty inbox (policy, sandbox) are inert fakes.
"""

from contextlib import asynccontextmanager
from typing import Any

import pytest
import trio

from actors.agent import Agent, ScriptedAgent
from actors.critic import Critic
from actors.designer import Designer
from actors.learner import Learner
from actors.memory import Archive, Memory
from engine._recorder import Recorder
from engine.config import DesignerConfig, LearnerConfig, MemoryConfig
from engine.runtime import Runtime
from engine.wiring import LearnerPorts


class Sink:
    async def run(self, inbox, *, task_status=trio.TASK_STATUS_IGNORED):
        task_status.started()
        async for _ in inbox:
            pass

    def statistics(self):
        return None


class Inert:
    """Stands for a policy client / tokenizer / sandbox that an idle actor never touches."""

    eos_token_id = 0

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"an idle actor used {name}")


class _Handle:
    policy_version = 0
    hello = None


@asynccontextmanager
async def _start(config, model_path, run_dir):
    yield _Handle()


OPENED: list[Archive] = []


@pytest.fixture(autouse=True)
def _close_archives():
    yield
    while OPENED:
        OPENED.pop().close()


def make(kind: str, tmp_path) -> tuple[Any, tuple[str, ...], list[str]]:
    """(actor, inbox ports, outbox kwargs) of one actor kind."""
    if kind == "designer":
        return Designer(Inert(), Inert(), DesignerConfig()), ("inbox",), ["to_critic"]
    if kind == "critic":
        return Critic(Inert()), ("inbox",), ["to_memory", "to_learner", "to_recorder"]
    if kind == "agent":
        return (
            Agent(Inert(), ScriptedAgent(lambda *a: "x")),
            ("inbox",),
            ["to_learner", "to_recorder"],
        )
    if kind == "memory":
        archive = Archive.open(tmp_path / "a", MemoryConfig(embedder="hash"), seeds=False)
        OPENED.append(archive)
        return Memory(archive), ("inbox",), []
    if kind == "learner":
        learner = Learner(LearnerConfig(), "m", tmp_path, start=_start)
        return LearnerPorts(learner), ("inbox",), ["to_recorder"]
    if kind == "recorder":
        return Recorder(), ("inbox",), ["to_memory"]
    raise AssertionError(kind)


KINDS = ["designer", "critic", "agent", "memory", "learner", "recorder"]


def wire(kind, tmp_path):
    actor, ports, outs = make(kind, tmp_path)
    rt = Runtime(capacity=2)
    rt.add(kind, actor, inboxes=ports, outputs={o: f"sink_{o}" for o in outs})
    for o in outs:
        rt.add(f"sink_{o}", Sink())
    senders = [rt.sender(f"{kind}.{p}") for p in ports]
    return rt, senders


@pytest.mark.parametrize("kind", KINDS)
async def test_exits_when_upstream_closes(kind, tmp_path, autojump_clock):
    rt, senders = wire(kind, tmp_path)
    with trio.fail_after(30):
        async with trio.open_nursery() as nursery:
            await nursery.start(rt.run)
            for s in senders:
                s.close()
    states = {a.name: a.state for a in rt.statistics().actors}
    assert states[kind] == "stopped"
    assert set(states.values()) == {"stopped"}


@pytest.mark.parametrize("kind", KINDS)
async def test_exits_when_cancelled(kind, tmp_path, autojump_clock):
    rt, senders = wire(kind, tmp_path)
    with trio.move_on_after(60) as fallback:
        async with trio.open_nursery() as nursery:
            await nursery.start(rt.run)
            await trio.sleep(1)
            rt.cancel()
    assert not fallback.cancelled_caught
    assert all(a.state != "running" for a in rt.statistics().actors)
