"""The sandbox's public API: spec, reset/step/tools, plain-data checks, load errors."""

from __future__ import annotations

import math

import pytest
import trio

import sandbox_wasm
from engine.config import SandboxConfig
from engine.errors import (
    GuestError,
    InstanceClosed,
    InvalidAction,
    LoadError,
    OutputTooLarge,
    SandboxError,
    SandboxTrap,
)
from sandbox_wasm import EnvInstance, EnvSpec, Sandbox, StepResult

GRID = '''
"""Walk to the goal."""
import random

HINT = "go north twice"
MAX_TURNS = 6
ANSWER = 42
REWARD_RANGE = (0, 1)
TOOLS = [{"type": "function", "function": {"name": "lookup", "description": "look up",
          "parameters": {"type": "object", "properties": {"key": {"type": "string"}}}}}]


class Env:
    def lookup(self, key):
        return "value of " + key

    def reset(self, seed=None, options=None):
        self.y = 0
        return f"at 0 seed={seed} options={options}", {"seed": seed}

    def step(self, action):
        if action == "north":
            self.y += 1
        done = self.y >= 2
        return f"at {self.y}", int(done), done, False, {"y": self.y, "path": [1, 2.5, None, True]}
'''


def test_public_surface_is_pinned() -> None:
    assert sorted(sandbox_wasm.__all__) == [
        "EnvInstance",
        "EnvSpec",
        "Sandbox",
        "SandboxStatistics",
        "StepResult",
        "SyncEnvInstance",
    ]


async def test_spec_reset_step_tool(sandbox: Sandbox) -> None:
    inst = await sandbox.open_env(GRID, entropy=0)
    assert isinstance(inst, EnvInstance)
    spec = inst.spec
    assert isinstance(spec, EnvSpec)
    assert spec.description == "Walk to the goal."
    assert spec.hint == "go north twice"
    assert spec.max_turns == 6
    assert spec.answer == "42"
    assert spec.reward_range == (0.0, 1.0)
    assert spec.success_threshold == 1.0
    assert spec.has_env is True
    assert spec.tools[0]["function"]["name"] == "lookup"
    assert {"HINT", "MAX_TURNS", "ANSWER", "TOOLS", "REWARD_RANGE"} <= spec.declared
    assert "SUCCESS_THRESHOLD" not in spec.declared

    obs, info = await inst.reset(seed=3, options={"level": 2})
    assert obs == "at 0 seed=3 options={'level': 2}"
    assert info == {"seed": 3}
    r = await inst.step("north")
    assert r == StepResult(
        observation="at 1",
        reward=0.0,
        terminated=False,
        truncated=False,
        info={"y": 1, "path": [1, 2.5, None, True]},
    )
    assert type(r.reward) is float
    r = await inst.step("north")
    assert (r.reward, r.terminated) == (1.0, True)
    assert await inst.call_tool("lookup", {"key": "a"}) == "value of a"
    await inst.aclose()
    assert inst.closed
    with pytest.raises(InstanceClosed):
        await inst.step("north")


async def test_undeclared_spec_defaults(sandbox: Sandbox) -> None:
    src = 'class Env:\n    """Doc."""\n    def reset(self, seed=None, options=None):\n        return "", {}\n'
    inst = await sandbox.open_env(src)
    assert inst.spec.description == "Doc."
    assert (inst.spec.hint, inst.spec.max_turns, inst.spec.tools) == ("", 0, [])
    assert inst.spec.reward_range == (-math.inf, math.inf)
    assert inst.spec.answer is None
    assert inst.spec.declared == frozenset()


async def test_sync_api_from_a_thread(sandbox: Sandbox) -> None:
    inst = await sandbox.open_env(GRID)

    def play() -> list[str]:
        inst.sync.reset(seed=1)
        return [inst.sync.step(a).observation for a in ("north", "south", "north")]

    assert await trio.to_thread.run_sync(play) == ["at 1", "at 1", "at 2"]
    sync = await trio.to_thread.run_sync(sandbox.open_env_sync, GRID, 0, None)
    assert sync.spec.max_turns == 6
    sync.close()


@pytest.mark.parametrize(
    ("source", "needle"),
    [
        ("class Env(:\n  pass\n", "SyntaxError"),
        ("x = 1\n", "no class Env"),
        ("import numpy\nclass Env: pass\n", "ModuleNotFoundError"),
        ("raise ValueError('boom at import')\n", "boom at import"),
        ("class Env:\n    def __init__(self):\n        1/0\n", "ZeroDivisionError"),
        ("class Env: pass\nMAX_TURNS = 'many'\n", "MAX_TURNS"),
        ("class Env: pass\nTOOLS = [{'name': 'nope'}]\n", "nope"),
    ],
)
async def test_load_errors_are_structured(sandbox: Sandbox, source: str, needle: str) -> None:
    with pytest.raises(LoadError) as info:
        await sandbox.open_env(source)
    assert needle in str(info.value) + info.value.guest_traceback
    # The host and the next instance are fine.
    inst = await sandbox.open_env(GRID)
    assert (await inst.reset())[0].startswith("at 0")


async def test_guest_exception_carries_traceback_and_instance_survives(
    sandbox: Sandbox, make_env
) -> None:
    src = make_env("if action == 'crash':\n    return 1 / 0\nreturn action, 0, False, False, {}")
    inst = await sandbox.open_env(src)
    await inst.reset()
    with pytest.raises(GuestError) as info:
        await inst.step("crash")
    assert not isinstance(info.value, LoadError)
    assert "ZeroDivisionError" in str(info.value)
    assert 'File "<env>"' in info.value.guest_traceback
    assert "return 1 / 0" in info.value.guest_traceback  # source lines served from memory
    assert (await inst.step("ok")).observation == "ok"


@pytest.mark.parametrize(
    ("ret", "needle"),
    [
        ("'o', 0, False, False, {'tags': {1, 2}}", "info['tags']"),
        ("'o', 0, False, False, {'a': {'b': float('nan')}}", "info['a']['b']"),
        ("'o', 0, False, False, {'f': print}", "info['f']"),
        ("'o', 0, False, False, {'s': S('x')}", "info['s']"),
        ("'o', 0, False, False, {1: 'int key'}", "info"),
        ("'o', 0, False, False, []", "info"),
        ("S('x'), 0, False, False, {}", "observation"),
        ("b'bytes', 0, False, False, {}", "observation"),
    ],
)
async def test_non_plain_data_is_not_serialisable(
    sandbox: Sandbox, make_env, ret: str, needle: str
) -> None:
    inst = await sandbox.open_env(make_env(f"return {ret}", head="class S(str): pass"))
    await inst.reset()
    with pytest.raises(GuestError) as info:
        await inst.step("a")
    assert "not serialisable" in str(info.value)
    assert needle in str(info.value)


@pytest.mark.parametrize(
    ("reward", "expected"), [("True", 1.0), ("3", 3.0), ("-0.5", -0.5), ("False", 0.0)]
)
async def test_reward_is_coerced_to_float(
    sandbox: Sandbox, make_env, reward: str, expected: float
) -> None:
    inst = await sandbox.open_env(
        make_env(f"return 'o', {reward}, False, False, {{}}", head="REWARD_RANGE = (-5, 5)")
    )
    await inst.reset()
    r = await inst.step("a")
    assert type(r.reward) is float and r.reward == expected


@pytest.mark.parametrize(
    ("head", "reward", "inside"),
    [
        ("", "1.5", False),  # the default range (0, 1)
        ("", "-0.1", False),
        ("", "1", True),
        ("REWARD_RANGE = (-1, 1)", "-1.0", True),
        ("REWARD_RANGE = (-1, 1)", "2", False),
        ("REWARD_RANGE = (0, float('inf'))", "1e300", True),  # an infinite bound: unbounded
        ("REWARD_RANGE = (None, 0)", "-1e300", True),
    ],
)
async def test_every_step_reward_lies_in_the_range_in_force(
    sandbox: Sandbox, make_env, head: str, reward: str, inside: bool
) -> None:
    inst = await sandbox.open_env(make_env(f"return 'o', {reward}, False, False, {{}}", head=head))
    await inst.reset()
    if inside:
        assert (await inst.step("a")).reward == float(reward)
    else:
        with pytest.raises(GuestError, match="reward is outside REWARD_RANGE"):
            await inst.step("a")


@pytest.mark.parametrize("bound", ["float('nan')", "'high'", "[1]", "True"])
async def test_a_reward_range_bound_that_is_no_number_is_a_load_error(
    sandbox: Sandbox, make_env, bound: str
) -> None:
    with pytest.raises(LoadError, match="REWARD_RANGE: expected \\(low, high\\) numbers"):
        await sandbox.open_env(
            make_env("return 'o', 0.0, False, False, {}", head=f"REWARD_RANGE = (0, {bound})")
        )


async def test_a_reward_range_that_is_no_pair_names_where_it_came_from(sandbox: Sandbox) -> None:
    """An Env whose ``__getattr__`` answers every name gave a function as gymnasium's
    ``reward_range``, reported as "REWARD_RANGE must be a pair" in a program that declares no
    REWARD_RANGE (a new user's trial)."""
    src = (
        "DESCRIPTION = 'x'\nclass Env:\n    def __getattr__(self, name):\n"
        "        return lambda *a, **k: ('o', 0.0, False, False, {})\n"
    )
    with pytest.raises(
        LoadError, match=r"Env\.reward_range must be a pair \(low, high\), got function"
    ):
        await sandbox.open_env(src)
    with pytest.raises(LoadError, match=r"^.*REWARD_RANGE must be a pair \(low, high\), got int"):
        await sandbox.open_env(src.replace("class Env:", "REWARD_RANGE = 3\nclass Env:"))


@pytest.mark.parametrize("reward", ["'1'", "None", "float('inf')", "[1]"])
async def test_bad_reward_names_reward(sandbox: Sandbox, make_env, reward: str) -> None:
    inst = await sandbox.open_env(make_env(f"return 'o', {reward}, False, False, {{}}"))
    await inst.reset()
    with pytest.raises(GuestError, match="reward"):
        await inst.step("a")


async def test_looping_str_subclass_observation_never_reaches_host(
    sandbox: Sandbox, make_env
) -> None:
    head = (
        "class Evil(str):\n"
        "    def __eq__(self, other):\n"
        "        while True: pass\n"
        "    __hash__ = str.__hash__\n"
        "    def __len__(self):\n"
        "        while True: pass\n"
    )
    inst = await sandbox.open_env(make_env("return Evil('x'), 0, False, False, {}", head=head))
    await inst.reset()
    with pytest.raises(GuestError, match="not serialisable"):
        await inst.step("a")


async def test_wrong_step_shape(sandbox: Sandbox, make_env) -> None:
    inst = await sandbox.open_env(make_env("return 'o', 0, False, {}"))
    await inst.reset()
    with pytest.raises(GuestError, match="tuple"):
        await inst.step("a")


async def test_tools_errors(sandbox: Sandbox) -> None:
    inst = await sandbox.open_env(GRID)
    with pytest.raises(GuestError, match="unknown tool"):
        await inst.call_tool("reset", {})
    with pytest.raises(GuestError, match="TypeError"):
        await inst.call_tool("lookup", {"nope": 1})
    assert await inst.call_tool("lookup", {"key": "b"}) == "value of b"


async def test_large_observation_is_output_too_large(sandbox: Sandbox, make_env) -> None:
    inst = await sandbox.open_env(make_env("return 'x' * 50_000_000, 0, False, False, {}"))
    await inst.reset()
    with pytest.raises(OutputTooLarge):
        await inst.step("a")
    big_info = make_env("return 'o', 0, False, False, {'k': ['y' * 1000] * 5000}")
    inst2 = await sandbox.open_env(big_info)
    await inst2.reset()
    with pytest.raises(OutputTooLarge):
        await inst2.step("a")
    assert (await inst.reset())[0] == "start"  # not a trap: the instance still works


async def test_output_limit_counts_the_content_not_its_json_escaping(
    sandbox: Sandbox, make_env
) -> None:
    """600,000 backslashes (600 KB; 1.2 MB escaped) and 200,000 control characters (200 KB;
    1.2 MB escaped as \\u0001) are under the 1 MiB bound; 1.1 MB of backslashes is not."""
    drawing = make_env("return '\\\\' * 600_000 + 'X', 0.0, True, False, {}")
    inst = await sandbox.open_env(drawing)
    await inst.reset()
    obs = (await inst.step("a", deadline_s=30.0)).observation
    assert len(obs) == 600_001 and set(obs[:-1]) == {"\\"} and obs[-1] == "X"
    control = make_env("return 'o', 0.0, True, False, {'raw': chr(1) * 200_000}")
    inst2 = await sandbox.open_env(control)
    await inst2.reset()
    assert (await inst2.step("a", deadline_s=30.0)).info["raw"] == chr(1) * 200_000
    # empty strings and containers are not free: 600,000 empty lists are 1.8 MB of JSON
    empties = make_env("return 'o', 0.0, True, False, {'k': [[]] * 600_000}")
    inst4 = await sandbox.open_env(empties)
    await inst4.reset()
    with pytest.raises(OutputTooLarge, match="bytes of content .unescaped JSON., over the bound"):
        await inst4.step("a", deadline_s=30.0)
    # an empty list is 2 bytes ("[]"), not 1: 524,000 of them are 1.5 MB of JSON, over the bound
    for empty in ("[]", "{}"):
        src = make_env(f"return 'o', 0.0, True, False, {{'k': [{empty}] * 524_000}}")
        inst5 = await sandbox.open_env(src)
        await inst5.reset()
        with pytest.raises(OutputTooLarge, match="bytes of content"):
            await inst5.step("a", deadline_s=30.0)
    over = make_env("return '\\\\' * 1_100_000, 0.0, True, False, {}")
    inst3 = await sandbox.open_env(over)
    await inst3.reset()
    with pytest.raises(OutputTooLarge, match="observation is 1100000 characters, over the bound"):
        await inst3.step("a", deadline_s=30.0)


async def test_a_program_whose_compiled_code_is_over_the_output_bound_loads(
    sandbox: Sandbox, make_env
) -> None:
    """A 30,000-word list compiles to 1.3 MB of base64, over max_output_bytes (1 MiB): the
    bound is on what an environment returns, not on its code (it was rejected as output)."""
    words = [f"w{i:06d}x" for i in range(30_000)]
    src = make_env("return WORDS[-1], 0.0, True, False, {}", head=f"WORDS = {words!r}")
    inst = await sandbox.open_env(src)
    await inst.reset()
    assert (await inst.step("a", deadline_s=30.0)).observation == "w029999x"


async def test_stdout_is_captured_and_bounded(sandbox: Sandbox, make_env) -> None:
    body = "s = 'y' * (1 << 20)\nfor _ in range(1024):\n    print(s)\nprint('tail', file=sys.stderr)\nreturn 'printed', 0, False, False, {}"
    inst = await sandbox.open_env(make_env(body, reset_body="print('hello')\nreturn 's', {}"))
    await inst.reset()
    r = await inst.step("a")  # 1 GiB printed in total
    assert r.observation == "printed"
    out = await inst.output()
    assert out.startswith("hello\n")
    assert len(out) <= 2 * sandbox.config.max_stdio_bytes
    assert out.endswith("tail\n")


async def test_statistics_count_opens_and_traps(sandbox: Sandbox, make_env) -> None:
    inst = await sandbox.open_env(make_env("os._exit(3)"))
    await inst.reset()
    with pytest.raises(SandboxTrap):
        await inst.step("a")
    stats = sandbox.statistics()
    assert stats.opened == 1
    assert stats.traps == {"trap": 1}
    assert stats.pool_hits + stats.pool_misses == 1


STDLIB = (
    "abc array ast base64 binascii bisect calendar cmath collections colorsys contextlib copy "
    "csv dataclasses datetime decimal difflib enum fnmatch fractions functools graphlib "
    "hashlib heapq hmac html inspect io itertools json keyword locale math numbers operator "
    "os pprint queue random re secrets shlex statistics string struct sys textwrap threading "
    "time traceback types typing unicodedata uuid warnings weakref zlib"
).split()


async def test_documented_stdlib_is_importable(sandbox: Sandbox, make_env) -> None:
    body = (
        f"bad = []\nfor m in {STDLIB!r}:\n    try:\n        __import__(m)\n"
        "    except BaseException as e:\n        bad.append(m)\n"
        "return ' '.join(bad), 0, False, False, {}"
    )
    head = (
        "from dataclasses import dataclass, field\nimport hashlib, decimal\n"
        "@dataclass\nclass P:\n    x: int\n    y: list = field(default_factory=list)\n"
    )
    reset = "return str(P(1)) + hashlib.sha256(b'x').hexdigest()[:8] + str(decimal.Decimal('1.1') + 1), {}"
    inst = await sandbox.open_env(make_env(body, head=head, reset_body=reset))
    # what is importable, not how fast: the fixture's 2 s deadline was hit once on a stalled
    # shared machine (2026-12-02, a fresh-clone suite run; 0.06 s normally)
    assert (await inst.reset(deadline_s=30.0))[0] == "P(x=1, y=[])2d7116422.1"
    assert (await inst.step("a", deadline_s=30.0)).observation == ""


async def test_errors_from_the_body_are_not_wrapped_in_a_group(runtime) -> None:
    with pytest.raises(LoadError):
        async with Sandbox.open(SandboxConfig(pool_size=1)) as sandbox:
            await sandbox.open_env("x = 1\n")


async def test_memory_cap_below_the_guest_is_an_error_not_a_crash(runtime) -> None:
    with pytest.raises(SandboxError, match="memory"):
        async with Sandbox.open(SandboxConfig(pool_size=1, memory_bytes=1 << 20)) as sandbox:
            await sandbox.open_env(GRID)


async def test_sandbox_exit_frees_open_instances(runtime) -> None:
    async with Sandbox.open(SandboxConfig(pool_size=1)) as sandbox:
        inst = await sandbox.open_env(GRID)
        assert sandbox.statistics().live == 1
    assert inst.closed
    with pytest.raises(InstanceClosed):
        await inst.reset()


async def test_long_and_unicode_actions_arrive_intact(sandbox: Sandbox, make_env) -> None:
    inst = await sandbox.open_env(
        make_env("return str(len(action)) + action[:8], 0, False, False, {}")
    )
    await inst.reset()
    assert (await inst.step("")).observation == "0"
    assert (await inst.step("\x00 é 日本 🎉")).observation == "8\x00 é 日本 🎉"
    long = "日" * 200_000
    assert (await inst.step(long)).observation == "200000" + "日" * 8
    with pytest.raises(InvalidAction, match="lone surrogate"):  # refused, never replaced
        await inst.step("a\ud800b")
    assert (await inst.step("ok")).observation == "2ok"  # the instance is still usable
    with pytest.raises(InvalidAction, match="nan, not a JSON number"):
        await inst.call_tool("x", {"v": float("nan")})
    with pytest.raises(InvalidAction, match="lone surrogate"):
        await inst.call_tool("x", {"v": "\ud83d"})


async def test_cjk_output_limit_counts_utf8_bytes(sandbox: Sandbox, make_env) -> None:
    """600 KB of CJK text (200k characters) is under a 1 MiB limit; its \\uXXXX escape is not."""
    inst = await sandbox.open_env(make_env('return "日" * 200_000, 0.0, True, False, {}'))
    await inst.reset()
    # a generous deadline: the fixture's 2 s is tight for 600 KB on a loaded 2-core machine
    assert len((await inst.step("a", deadline_s=30.0)).observation) == 200_000
