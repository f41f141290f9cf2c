"""engine.browse without a browser: reading the run directory, play sessions in the real
sandbox, the routes, and the command line's bad-input exits."""

from __future__ import annotations

import socket
from pathlib import Path

import msgspec
import pytest
import trio
import trio.testing
from starlette.testclient import TestClient

from actors._regret import newcombe_interval
from engine.browse import PlayersFull, PlayPool, RunData, check_run_dir, create_app
from engine.browse.__main__ import main
from engine.browse._play import tool_arguments, tool_fields
from engine.config import BrowseConfig, SandboxConfig
from engine.errors import ConfigError
from engine.seed_envs import seed_envs, solve
from sandbox_wasm.host import Sandbox
from tests.engine._browse_run import HOSTILE, make_run_dir

SEEDS = {s.name: s for s in seed_envs()}


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_run_dir(tmp_path_factory.mktemp("browse") / "run", deadline_s=0.5)


def _data(run_dir: Path) -> RunData:
    data = RunData(run_dir)
    data.refresh()
    return data


# ------------------------------------------------------------------------- the run directory


def test_table_lists_archive_then_rejected_designs(run_dir: Path) -> None:
    rows = _data(run_dir).table()
    assert [r.kind for r in rows].count("seed") == 12
    assert [r.key for r in rows if r.kind == "rejected"] == ["/design/0", "/design/1"]
    assert [r.reason for r in rows if r.kind == "rejected"] == ["compile", "low_regret"]
    by_id = {r.env_id: r for r in rows if r.kind != "rejected"}
    assert by_id["seed-caesar"].family == "cipher" and by_id["seed-caesar"].flags == []
    assert by_id["seed-lights_out"].flags == ["impossible"]
    designed = by_id["it1-r0-5e1f2a/1"]
    assert (designed.iteration, designed.policy_version, designed.family) == (
        1,
        88,
        "library/codecs#12",
    )
    assert designed.key == "/env/it1-r0-5e1f2a/1"
    # the Critic's interval: Newcombe's hybrid score interval at the run's confidence (0.9)
    assert designed.ci == newcombe_interval(3, 4, 0, 4, 0.9)
    assert by_id["seed-mastermind"].regret is None and by_id["seed-mastermind"].ci is None


def test_neighbours_find_the_edited_copy(run_dir: Path) -> None:
    data = _data(run_dir)
    near = data.neighbours("it1-r0-5e1f2a/1")
    assert len(near) == 5 and near[0].env_id == "seed-caesar"
    assert [n.distance for n in near] == sorted(n.distance for n in near)
    row = next(r for r in data.table() if r.env_id == "it1-r0-5e1f2a/1")
    assert row.nn_distance == near[0].distance


def test_a_torn_last_line_is_skipped_and_left_alone(tmp_path: Path) -> None:
    path = make_run_dir(tmp_path / "run")
    records = path / "archive" / "records.jsonl"
    before = len(_data(path).records())
    with records.open("ab") as fh:
        fh.write(b'{"env_id": "half-writ')  # engine.run is writing this line right now
    size = records.stat().st_size
    assert len(_data(path).records()) == before
    assert records.stat().st_size == size  # never truncated by the reader


def test_design_lines_keep_unknown_keys_and_infer_the_verdict(tmp_path: Path) -> None:
    path = make_run_dir(tmp_path / "run")
    (path / "designs.jsonl").write_text(
        '{"iteration": 3, "reason": "timeout", "memory": ["seed-caesar"]}\n'
        '{"iteration": 3, "verdict": "rejected", "regret": 0.1, "flags": ["coin_flip"]}\n'
        "not json\n"
    )
    designs = _data(path).designs()
    assert [(d.verdict, d.reason, d.extra) for d in designs] == [
        ("rejected", "timeout", {"memory": ["seed-caesar"]}),
        ("rejected", "", {}),
    ]
    assert designs[1].regret == 0.1 and designs[1].flags == ["coin_flip"]


def test_episodes_are_none_when_the_run_records_none(tmp_path: Path) -> None:
    path = make_run_dir(tmp_path / "run")
    assert _data(path).episodes("seed-caesar") is None
    (path / "episodes.jsonl").write_text(
        '{"env_id": "seed-caesar", "seed": 1, "hinted": true, "success": true, "turns": []}\n'
    )
    eps = _data(path).episodes("seed-caesar")
    assert eps is not None and [e["seed"] for e in eps] == [1]


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ("missing", "no such run directory"),
        ("empty", "no config.toml (not a run directory)"),
        ("no-archive", "missing archive"),
    ],
)
def test_check_run_dir_names_what_is_wrong(tmp_path: Path, setup: str, message: str) -> None:
    path = tmp_path / "run"
    if setup != "missing":
        path.mkdir()
    if setup == "no-archive":
        (path / "config.toml").write_text("[run]\nseed = 1\n")
    with pytest.raises(
        ConfigError, match="^'.*': .*" + message.replace("(", r"\(").replace(")", r"\)")
    ):
        check_run_dir(path)


# ------------------------------------------------------------------------- the command line


def test_cli_bad_run_dir_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "no such run directory" in err
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "config.toml").write_text("")
    assert main([str(tmp_path / "run")]) == 2
    assert "missing archive" in capsys.readouterr().err


def test_cli_port_in_use_is_one_line_and_exit_2(
    run_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main([str(run_dir), "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: cannot listen on 127.0.0.1:{port}: already in use\n"


def test_cli_bad_override_is_exit_2(run_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(run_dir), "--set", "browse.max_players=0"]) == 2
    assert "browse.max_players" in capsys.readouterr().err


# ------------------------------------------------------------------------- tools


KNAPSACK_TOOLS = [
    {"name": "list_items", "parameters": {"type": "object", "properties": {}}},
    {
        "type": "function",
        "function": {
            "name": "weigh",
            "parameters": {
                "type": "object",
                "properties": {
                    "item_id": {"type": "string"},
                    "n": {"type": "integer"},
                    "x": {"type": "number"},
                    "fast": {"type": "boolean"},
                    "ids": {"type": "array"},
                },
                "required": ["item_id"],
            },
        },
    },
]


def test_tool_forms_follow_the_schema() -> None:
    assert tool_fields(KNAPSACK_TOOLS[0]) == []
    fields = tool_fields(KNAPSACK_TOOLS[1])
    assert [(f["name"], f["input"], f["required"]) for f in fields] == [
        ("item_id", "text", True),
        ("n", "number", False),
        ("x", "number", False),
        ("fast", "checkbox", False),
        ("ids", "text", False),
    ]
    form = {"arg_item_id": "A1", "arg_n": "3", "arg_x": "", "arg_ids": '["a", 2]'}
    assert tool_arguments(KNAPSACK_TOOLS[1], form) == {
        "item_id": "A1",
        "n": 3,
        "fast": False,
        "ids": ["a", 2],
    }
    assert (
        tool_arguments(KNAPSACK_TOOLS[1], {"arg_item_id": "A1", "arg_n": "three"})["n"] == "three"
    )


# ------------------------------------------------------------------------- play in the sandbox


async def test_play_a_seed_to_a_win_then_the_slot_bound() -> None:
    grid = SEEDS["grid_rotated"]
    async with Sandbox.open(SandboxConfig(pool_size=0)) as sandbox:
        pool = PlayPool(sandbox, BrowseConfig(max_players=1), max_turns_cap=16)
        s = await pool.start("a", "seed-grid_rotated", grid.source, seed=0)
        while not s.done:
            await s.act(solve("grid_rotated", [t.observation for t in s.turns], grid.hint))
        assert s.status == "won" and s.total >= 1.0 and s.inst is None
        with pytest.raises(PlayersFull, match="all 1 play slots"):
            await pool.start("b", "seed-grid_rotated", grid.source, seed=0)
        again = await pool.start("a", "seed-caesar", SEEDS["caesar"].source, seed=1)
        assert again.status == "playing" and len(pool) == 1  # one instance per session
        await pool.aclose()
        assert again.inst is None


async def test_every_seed_environment_can_be_played_to_a_win() -> None:
    async with Sandbox.open(SandboxConfig(pool_size=0)) as sandbox:
        pool = PlayPool(sandbox, BrowseConfig(), max_turns_cap=64)
        statuses = {}
        for seed_env in SEEDS.values():
            s = await pool.start("a", seed_env.name, seed_env.source, seed=1)
            for _ in range(64):
                if s.done:
                    break
                observations = [t.observation for t in s.turns]
                await s.act(solve(seed_env.name, observations, seed_env.hint))
            statuses[seed_env.name] = s.status
        await pool.aclose()
    assert statuses == dict.fromkeys(SEEDS, "won")


async def test_a_tool_call_and_a_tool_typed_as_json() -> None:
    ks = SEEDS["warehouse_knapsack"]
    async with Sandbox.open(SandboxConfig(pool_size=0)) as sandbox:
        pool = PlayPool(sandbox, BrowseConfig(), max_turns_cap=16)
        s = await pool.start("a", "k", ks.source, seed=0)
        await s.call_tool("list_items", {})
        await s.act('{"tool": "weigh", "arguments": {"item_id": "nope"}}')
        await s.call_tool("no_such_tool", {})
        assert [t.kind for t in s.turns] == ["reset", "tool", "tool", "tool"]
        assert s.turns[1].observation.startswith("Items: ")
        assert s.turns[3].observation.startswith("tool error: ")
        assert s.status == "playing" and s.steps == 0  # tool calls are not turns
        await pool.aclose()


async def test_a_hostile_step_hits_the_run_deadline_and_ends_the_episode() -> None:
    async with Sandbox.open(SandboxConfig(pool_size=0, call_deadline_s=0.3)) as sandbox:
        pool = PlayPool(sandbox, BrowseConfig(), max_turns_cap=16)
        s = await pool.start("a", "hostile", HOSTILE, seed=0)
        await s.act("hello")
        assert s.status == "env_error" and s.inst is None
        assert "DeadlineExceeded" in s.turns[-1].observation
        await s.act("again")  # ignored: the episode is over
        assert len(s.turns) == 2
        broken = await pool.start("a", "broken", "class Env(:\n", seed=0)
        # a syntax error the sandbox's compiler reports: GuestCompileError, a LoadError
        assert broken.status == "env_error" and "GuestCompileError" in broken.turns[0].observation
        await pool.aclose()


async def test_idle_sessions_are_closed(mock_clock: trio.testing.MockClock) -> None:
    async def advance(seconds: float) -> None:
        mock_clock.jump(seconds)
        await trio.testing.wait_all_tasks_blocked()

    async with Sandbox.open(SandboxConfig(pool_size=0)) as sandbox, trio.open_nursery() as nursery:
        pool = PlayPool(sandbox, BrowseConfig(idle_close_s=60), max_turns_cap=16)
        await nursery.start(pool.run_sweeper)
        s = await pool.start("a", "c", SEEDS["caesar"].source, seed=0)
        await advance(30)
        assert pool.get("a") is s  # touched: idle time starts again
        await advance(50)
        assert len(pool) == 1
        await advance(20)
        assert len(pool) == 0 and pool.closed_idle == 1 and s.inst is None
        nursery.cancel_scope.cancel()


# ------------------------------------------------------------------------- the routes


def test_routes_in_process(tmp_path: Path) -> None:
    run_dir = make_run_dir(tmp_path / "run")
    turns = [{"action": "north", "observation": "You moved <north>.", "reward": 0.0}]
    turns.append({"action": "{}", "tool": "peek", "observation": "a wall"})
    (run_dir / "episodes.jsonl").write_text(
        msgspec.json.encode(
            {"env_id": "seed-grid_rotated", "seed": 3, "hinted": True, "success": True}
            | {"episode_return": 1.0, "turns": turns}
        ).decode()
        + "\n"
    )
    data = RunData(run_dir)
    with TestClient(create_app(data, BrowseConfig(max_players=1)), backend="trio") as client:
        assert client.get("/").status_code == 200
        page = client.get("/env/it1-r0-5e1f2a/1")
        assert page.status_code == 200 and 'class="hl"' in page.text
        assert client.get("/env/nope").status_code == 404
        episode = client.get("/env/seed-grid_rotated").text
        assert "seed 3 · with hint · success" in episode and "You moved &lt;north&gt;." in episode
        design = client.get("/design/0")
        assert design.status_code == 200 and "SyntaxError" in design.text
        assert client.get("/design/9").status_code == 404
        assert client.get("/plots/nope.png").status_code == 404
        png = client.get("/plots/success.png")
        assert png.headers["content-type"] == "image/png" and png.content[:4] == b"\x89PNG"
        rows = client.get("/run/rows.json").json()
        assert rows["n"] == 2 and rows["version"] == "2-14"
        assert client.post("/play/seed-caesar/start", data={"seed": "x"}).status_code == 400
        r = client.post("/play/seed-caesar/start", data={"seed": "2"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/play/seed-caesar"
        played = client.get("/play/seed-caesar")
        assert "seed 2" in played.text and "playing" in played.text
        assert SEEDS["caesar"].hint not in played.text.replace("&#39;", "'")
        hinted = client.post("/play/seed-caesar/hint").text.replace("&#39;", "'")
        assert SEEDS["caesar"].hint in hinted and "with hint" in hinted
        client.cookies.clear()  # another browser: no session yet, and the one slot is taken
        full = client.post("/play/seed-caesar/start", data={"seed": "0"})
        assert full.status_code == 503 and "play slots" in full.text


def test_public_names_are_pinned() -> None:
    import engine.browse

    assert engine.browse.__all__ == [
        "Design",
        "EnvRow",
        "PlayPool",
        "PlaySession",
        "PlayTurn",
        "PlayersFull",
        "RunData",
        "check_run_dir",
        "create_app",
    ]
