"""The one wiring: the self-play and the API topologies come from ``engine.wiring.connect``."""

from __future__ import annotations

from engine.messages import EnvProposed, EnvRejected, EnvScored
from engine.runtime import Runtime
from engine.wiring import connect, outcome_group


class _Placeholder:
    async def run(self, **_: object) -> None:  # pragma: no cover - never started
        return None


def _describe(names: tuple[str, ...], outcomes: str) -> list[str]:
    rt = Runtime()
    connect(rt, {n: _Placeholder() for n in names}, outcomes=outcomes)
    return rt.describe()


def test_self_play_and_api_topologies_share_one_wiring() -> None:
    self_play = _describe(
        ("designer", "critic", "agent", "recorder", "memory", "learner"), "recorder"
    )
    assert self_play == [
        "designer (inboxes: inbox)",
        "  to_critic -> critic.inbox",
        "critic (inboxes: inbox)",
        "  to_memory -> recorder.inbox",
        "  to_learner -> learner.inbox",
        "  to_recorder -> recorder.inbox",
        "agent (inboxes: inbox)",
        "  to_learner -> learner.inbox",
        "  to_recorder -> recorder.inbox",
        "recorder (inboxes: inbox)",
        "  to_memory -> memory.inbox",
        "memory (inboxes: inbox)",
        "learner (inboxes: inbox)",
        "  to_recorder -> recorder.inbox",
    ]
    # the API: no learner, no agent of its own, its results actor between Critic and Memory
    assert _describe(("critic", "results", "memory"), "results") == [
        "critic (inboxes: inbox)",
        "  to_memory -> results.inbox",
        "results (inboxes: inbox)",
        "  to_memory -> memory.inbox",
        "memory (inboxes: inbox)",
    ]


def test_outcome_group_of_scores_and_rejections() -> None:
    prop = EnvProposed(env_id="r1/0", group_id="r1", source="s", hint="h")
    scored = EnvScored(
        env_id="r1/0",
        proposal=prop,
        hint="h",
        k=1,
        success_without=0.0,
        success_with=1.0,
        regret=1.0,
        ci_low=0.0,
        ci_high=1.0,
        accepted=True,
        description="d",
    )
    assert outcome_group(scored) == "r1"
    assert outcome_group(EnvRejected(env_id="x", group_id="g", reason="compile")) == "g"
    assert outcome_group(EnvRejected(env_id="x", reason="compile", proposal=prop)) == "r1"
    assert outcome_group(EnvRejected(env_id="x", reason="compile")) == ""
