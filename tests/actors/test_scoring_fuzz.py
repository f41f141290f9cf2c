"""Property-based fuzz of the one scoring path: nothing an agent sample or a program's outputs
can be escapes ``score_env``; every outcome is a value (``EnvScored``/``EnvRejected``) with a
reason. Bounded examples keep the suite fast; ``HYPOTHESIS_PROFILE=long`` runs more."""

from __future__ import annotations

import json
import math
import os
import random
from typing import Any

import trio
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from actors.agent import ScriptedAgent
from actors.critic import score_env
from engine.config import AgentConfig, CriticConfig, SandboxConfig
from engine.messages import EnvProposed, EnvRejected, EnvScored
from sandbox_wasm import Sandbox

settings.register_profile(
    "suite",
    max_examples=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("long", max_examples=200, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))

CRITIC = CriticConfig(k=2, probe_episodes=1, determinism_seeds=1, replay_seeds=2, gate_checks=1)

TOOL_ENV = """
DESCRIPTION = "Call lookup(key) to read an entry, then answer the code."
HINT = "The entry whose key is a colour holds the code."
MAX_TURNS = 4
TOOLS = [{"name": "lookup", "parameters": {"type": "object",
          "properties": {"key": {"type": "string"}}, "required": ["key"]}}]
import random
class Env:
    def reset(self, seed=None, options=None):
        self.code = str(random.Random(seed).randrange(1000, 10000))
        self.t = 0
        return "Locked.", {}
    def lookup(self, key="", **extra):
        return "entry: " + (self.code if key == "teal" else "none")
    def step(self, action):
        self.t += 1
        ok = action.strip() == self.code
        done = ok or self.t >= MAX_TURNS
        return ("open" if ok else "no"), float(ok), ok, done and not ok, {"success": ok}
"""

# JSON-ish values, with what JSON forbids: lone surrogates, NaN/Infinity, deep nesting
texts = st.one_of(
    st.text(alphabet=st.characters(exclude_categories=()), max_size=40),  # surrogates too
    st.sampled_from(["\ud83d", "teal \udfff", "日本語" * 50, ""]),
)
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), texts)
values = st.recursive(
    scalars,
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(texts, kids, max_size=3),
    max_leaves=8,
)


def _answer(draw_value: Any, kind: int) -> str:
    """An agent answer built from a drawn value: raw text or a tool call in several formats."""
    if kind == 0:
        return str(draw_value)
    payload = json.dumps(draw_value, allow_nan=True, ensure_ascii=kind == 1)
    if kind == 1:
        return '{"tool": "lookup", "arguments": ' + payload + "}"
    if kind == 2:
        return '{"name": "lookup", "arguments": ' + json.dumps(payload) + "}"  # OpenAI string
    return '{"tool": "lookup", "arguments": {"key": ' + payload + "}}"


def _score(source: str, answers: list[str]) -> EnvScored | EnvRejected:
    def act(observations: list[str], hint: str | None, rng: random.Random, memory: dict) -> str:
        return answers[(len(observations) - 1) % len(answers)]

    async def main() -> Any:
        async with Sandbox.open(SandboxConfig(pool_size=0)) as sandbox:
            return await score_env(
                EnvProposed(env_id="fuzz", source=source),
                sandbox=sandbox,
                agent=ScriptedAgent(act, name="fuzz"),
                config=CRITIC,
                agent_config=AgentConfig(concurrency=2, max_turns_cap=30),
                rng=random.Random(0),
            )

    return trio.run(main)


@given(
    st.lists(st.tuples(values, st.integers(0, 3)), min_size=1, max_size=4),
)
def test_no_agent_sample_escapes_scoring(drawn: list[tuple[Any, int]]) -> None:
    answers = [_answer(v, kind) for v, kind in drawn]
    out = _score(TOOL_ENV, answers)
    assert isinstance(out, EnvScored | EnvRejected)
    if isinstance(out, EnvRejected):
        assert out.reason and out.reason != "env_error"  # the agent's input is never the env's


def _literal(value: Any) -> str:
    """A Python expression for a drawn value (non-finite floats and surrogates included)."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"float({str(value)!r})"
    if isinstance(value, list):
        return "[" + ", ".join(_literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_literal(k)}: {_literal(v)}" for k, v in value.items()) + "}"
    return repr(value)


@given(
    obs=st.one_of(texts, values),
    reward=st.one_of(st.floats(allow_nan=True), st.integers(), scalars),
    terminated=scalars,
    info=st.one_of(st.dictionaries(texts, values, max_size=3), values),
    tool_result=values,
)
def test_no_program_output_escapes_scoring(
    obs: Any, reward: Any, terminated: Any, info: Any, tool_result: Any
) -> None:
    source = f"""
DESCRIPTION = "Fuzzed outputs."
HINT = "Answer anything; the outputs are fuzzed."
MAX_TURNS = 3
TOOLS = [{{"name": "peek", "parameters": {{"type": "object", "properties": {{}}}}}}]
class Env:
    def reset(self, seed=None, options=None):
        self.t = 0
        return {_literal(obs)}, {{}}
    def peek(self):
        return {_literal(tool_result)}
    def step(self, action):
        self.t += 1
        if self.t >= 2:
            return {_literal(obs)}, {_literal(reward)}, {_literal(terminated)}, False, {_literal(info)}
        return "go on", 0.0, False, False, {{}}
"""
    out = _score(source, ["a", '{"tool": "peek", "arguments": {}}', "b"])
    assert isinstance(out, EnvScored | EnvRejected)
    if isinstance(out, EnvRejected):
        assert out.reason and out.detail


_LABELISH = st.lists(
    st.one_of(
        st.sampled_from(
            [
                "vault ",
                "Vault #",
                "#",
                "the ",
                "third ",
                "3rd ",
                " door",
                "no. ",
                ": ",
                "; ",
                "=",
                "\n",
                "-",
                "[",
                "] ",
                ". ",
                " opens the ",
                "II",
                "IV ",
            ]
        ),
        st.sampled_from(["0", "3", "07", "12", "9999", "three", "Twenty", "C", "x", "apple", "ß"]),
        st.text(max_size=6),
    ),
    max_size=40,
).map("".join)


@given(hint=_LABELISH, shown=_LABELISH, firsts=st.lists(_LABELISH, min_size=1, max_size=3))
def test_the_relabelled_tables_readers_never_raise_and_keep_every_label(
    hint: str, shown: str, firsts: list[str]
) -> None:
    """Whatever the hint and the observations, finding a table and rotating its labels or keys
    raises nothing and leaves as many labels of the table's group as it found."""
    from actors._scoring import (
        _entry_list,
        _keyed_table,
        _keyed_table_shown,
        _label_matches,
        _relabel,
        _rotate_entries,
        _rotate_keys,
        _segment_table_shown,
        _swap_keys,
        _table_label,
    )

    label = _table_label(hint, shown)
    if label is not None:
        groups = label[0]
        before = sum(m[0] in groups for m in _label_matches(hint))
        after = _relabel(hint, *label)
        assert sum(m[0] in groups for m in _label_matches(after)) >= min(before, 1)
    spans = _keyed_table(hint, firsts)
    if spans is not None:
        assert isinstance(_rotate_keys(hint, spans), str)
    for table in (_keyed_table_shown(hint, firsts), _segment_table_shown(hint, firsts)):
        if table is not None:
            assert len(table[1]) == len(firsts)
            keys = sorted({hint[a:b] for a, b in table[0]})
            assert isinstance(_rotate_keys(hint, table[0]), str)
            assert isinstance(_swap_keys(hint, table[0], keys[0].casefold(), keys[-1]), str)
    entries = _entry_list(hint, firsts)
    if entries is not None:
        rotated = _rotate_entries(hint, entries)
        assert sorted(rotated) == sorted(hint)  # the same characters, moved
