"""The environment contract: success rule, field checks, the prose the Designer sees."""

from __future__ import annotations

import math
from types import SimpleNamespace

from engine.contract import (
    CONTRACT_TEXT,
    DEFAULT_REWARD_RANGE,
    episode_success,
    reward_range_of,
    spec_problems,
    success_threshold_of,
)


def spec(**kw: object) -> SimpleNamespace:
    base = dict(
        description="d",
        hint="h",
        max_turns=3,
        tools=[],
        reward_range=(-math.inf, math.inf),
        success_threshold=1.0,
        answer=None,
        declared=frozenset({"DESCRIPTION", "HINT", "MAX_TURNS"}),
    )
    base.update(kw)
    return SimpleNamespace(**base)


def test_success_prefers_info_then_threshold() -> None:
    assert episode_success({"success": False}, 5.0, 1.0) is False
    assert episode_success({"success": True}, 0.0, 1.0) is True
    assert episode_success({}, 1.0, 1.0) is True
    assert episode_success(None, 0.99, 1.0) is False
    assert episode_success({}, math.nan, 0.0) is False


def test_defaults_apply_when_undeclared() -> None:
    assert reward_range_of(spec()) == DEFAULT_REWARD_RANGE == (0.0, 1.0)
    declared = spec(reward_range=(0.0, 10.0), declared=frozenset({"REWARD_RANGE"}))
    assert reward_range_of(declared) == (0.0, 10.0)
    assert success_threshold_of(spec(success_threshold=None)) == 1.0


def test_spec_problems_name_the_field() -> None:
    assert spec_problems(spec()) == []
    assert spec_problems(spec(description=" "))[0].startswith("DESCRIPTION")
    assert spec_problems(spec(declared=frozenset(), max_turns=0))[0].startswith(
        "MAX_TURNS: missing"
    )
    assert spec_problems(spec(max_turns=5000))[0].startswith("MAX_TURNS")
    bad_rr = spec(reward_range=(2.0, 1.0), declared=frozenset({"MAX_TURNS", "REWARD_RANGE"}))
    assert spec_problems(bad_rr) == ["REWARD_RANGE: low 2.0 is above high 1.0"]
    tools = spec(tools=[{"name": "step"}, {"name": "a b"}, {"name": "x"}, {"name": "x"}])
    assert spec_problems(tools) == [
        "TOOLS[0].name: 'step' is reserved",
        "TOOLS[1].name: expected a Python identifier, got 'a b'",
        "TOOLS[3].name: duplicate tool 'x'",
    ]


def test_tool_argument_schemas_validation_cannot_draw_from_are_named() -> None:
    # a tester's schemas raised out of validation (AttributeError, KeyError) instead of a
    # named rejection; a type list such as ["string", "null"] is valid JSON Schema
    def tool(props: object) -> dict[str, object]:
        return {"name": "t", "parameters": {"type": "object", "properties": props}}

    assert spec_problems(spec(tools=[tool({"a": {"type": ["string", "null"]}})])) == []
    assert spec_problems(spec(tools=[tool([{"name": "a"}])])) == [
        "TOOLS[0].parameters.properties: expected a dict of schemas, got list"
    ]
    assert spec_problems(spec(tools=[tool({"a": {"enum": {"fur": 1}}})])) == [
        "TOOLS[0].parameters.properties['a'].enum: expected a non-empty list, got {'fur': 1}"
    ]
    assert spec_problems(spec(tools=[tool({"a": "string"})])) == [
        "TOOLS[0].parameters.properties['a']: expected a JSON-schema dict, got str"
    ]
    assert spec_problems(spec(tools=[tool({"a": {"type": [["x"]]}})])) == [
        "TOOLS[0].parameters.properties['a'].type: expected a type name or a list of them, "
        "got [['x']]"
    ]


def test_contract_text_names_every_field() -> None:
    for name in (
        "DESCRIPTION",
        "HINT",
        "MAX_TURNS",
        "REWARD_RANGE",
        "SUCCESS_THRESHOLD",
        "TOOLS",
        "ANSWER",
    ):
        assert name in CONTRACT_TEXT
    assert '{"tool": "<name>", "arguments": {...}}' in CONTRACT_TEXT
