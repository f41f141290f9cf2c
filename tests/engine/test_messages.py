"""Every message type round-trips through msgpack and JSON unchanged."""

import msgspec
import pytest

from engine import messages as m

PROPOSAL = m.EnvProposed(
    env_id="e1",
    group_id="g1",
    source="class Env: ...",
    hint="go north",
    passage_id="doc#0",
    policy_version=3,
    prompt_ids=[1, 2],
    output_ids=[3, 4],
    output_logprobs=[-0.5, -1.25],
)
VALIDATED = m.EnvValidated(env_id="e1", proposal=PROPOSAL, description="d", max_turns=5)

SAMPLES = [
    m.DesignRequested(request_id="r1", passage_id="doc#0", passage="text", group_size=4),
    PROPOSAL,
    m.EnvRejected(
        env_id="e1", reason="compile", detail="x", evidence={"line": 3}, proposal=PROPOSAL
    ),
    VALIDATED,
    m.HintIssued(env_id="e1", env=VALIDATED, hint="h", origin="policy"),
    m.EpisodeRequested(episode_id="ep1", env_id="e1", source="s", seed=7, hint=None),
    m.EpisodeFinished(
        episode_id="ep1",
        env_id="e1",
        turns=[m.Turn(action="a", observation="o", reward=1.0, terminated=True)],
        episode_return=1.0,
        success=True,
    ),
    m.EnvScored(
        env_id="e1",
        proposal=PROPOSAL,
        hint="h",
        k=4,
        success_without=0.25,
        success_with=0.75,
        regret=0.5,
        ci_low=0.1,
        ci_high=0.8,
        accepted=True,
        flags=["x"],
    ),
    m.TrainingSample(
        role="agent",
        group_id="g",
        input_ids=[1, 2, 3],
        loss_mask=[0, 1, 1],
        rollout_logprobs=[0.0, -1.0, -2.0],
        reward=1.0,
        policy_version=2,
    ),
    m.WeightsUpdated(version=2, path="/tmp/w", checksum="abc"),
]


def test_samples_cover_every_message_type():
    assert {type(s) for s in SAMPLES} == set(m.MESSAGE_TYPES)


@pytest.mark.parametrize("msg", SAMPLES, ids=lambda s: type(s).__name__)
def test_round_trip_msgpack_and_json(msg):
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(msg), type=m.Message) == msg
    assert msgspec.json.decode(msgspec.json.encode(msg), type=m.Message) == msg


@pytest.mark.parametrize("msg", SAMPLES, ids=lambda s: type(s).__name__)
def test_messages_are_frozen_and_tagged(msg):
    with pytest.raises(AttributeError):
        msg.env_id = "other"  # type: ignore[misc]
    assert msgspec.json.decode(msgspec.json.encode(msg))["type"] == type(msg).__name__


def test_inbox_unions_decode_only_their_members():
    dec = msgspec.json.Decoder(m.DesignerIn)
    assert isinstance(dec.decode(msgspec.json.encode(SAMPLES[0])), m.DesignRequested)
    with pytest.raises(msgspec.ValidationError):
        dec.decode(msgspec.json.encode(PROPOSAL))
