"""``engine.jsonl`` and the run directory's ``metrics.jsonl``: a torn last line is dropped with a
warning, never a complete one; damage before the last line is an error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.config import Config
from engine.errors import ConfigError
from engine.jsonl import JsonlError, read_jsonl, repair_jsonl
from engine.rundir import RunDir

ROWS = [{"iteration": i, "x": i * 0.5} for i in (1, 2, 3)]
WHOLE = b"".join(json.dumps(r).encode() + b"\n" for r in ROWS)


@pytest.mark.parametrize(
    ("data", "records", "torn"),
    [
        (WHOLE, 3, 0),
        (b"", 0, 0),
        (WHOLE + b'{"iteration": 4, "x"', 3, len(b'{"iteration": 4, "x"')),  # no newline
        (WHOLE + b'{"iteration": 4, "x"\n', 3, len(b'{"iteration": 4, "x"\n')),  # ended later
        (WHOLE + b'{"iteration": 4\n\n', 3, len(b'{"iteration": 4\n\n')),
        (WHOLE[:-1], 3, 0),  # only the newline lost: the record is whole, kept
    ],
)
def test_read_jsonl_drops_only_a_torn_last_line(data: bytes, records: int, torn: int) -> None:
    got, cut = read_jsonl(data, json.loads)
    assert got == ROWS[:records]
    assert cut == torn
    assert len(read_jsonl(data[: len(data) - cut], json.loads)[0]) == records


def test_a_bad_line_before_the_last_is_an_error() -> None:
    lines = WHOLE.splitlines(keepends=True)
    with pytest.raises(JsonlError, match="m.jsonl: line 2 of 3"):
        read_jsonl(lines[0] + b"{oops\n" + lines[2], json.loads, name="m.jsonl")


def test_repair_cuts_the_torn_line_so_the_next_append_starts_a_line(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    path.write_bytes(WHOLE + b'{"iteration": 4, "x"')
    assert repair_jsonl(path, json.loads) == (ROWS, len(b'{"iteration": 4, "x"'))
    with path.open("ab") as f:
        f.write(b'{"iteration": 4, "x": 2.0}\n')
    got, cut = read_jsonl(path.read_bytes(), json.loads)
    assert [r["iteration"] for r in got] == [1, 2, 3, 4] and cut == 0
    assert repair_jsonl(tmp_path / "missing.jsonl", json.loads) == ([], 0)
    path.write_bytes(WHOLE[:-1])  # a whole record that lost only its newline gets it back
    assert repair_jsonl(path, json.loads) == (ROWS, 0)
    assert path.read_bytes() == WHOLE


def test_resume_repairs_metrics_with_a_warning_and_refuses_damage(tmp_path: Path) -> None:
    rd = tmp_path / "run"
    run = RunDir.create(rd, Config())
    run.metrics_path.write_bytes(WHOLE + b'{"iteration": 4, "seco')
    assert [r["iteration"] for r in run.metrics()] == [1, 2, 3]
    assert run.completed_iterations() == 3
    run.repair()
    assert run.metrics_path.read_bytes() == WHOLE
    assert "dropped a torn last line of metrics.jsonl" in (rd / "logs" / "run.log").read_text()
    lines = WHOLE.splitlines(keepends=True)
    run.metrics_path.write_bytes(lines[0] + b"garbage\n" + lines[2])
    with pytest.raises(ConfigError, match="line 2 of 3"):
        run.metrics()


def test_resume_of_a_file_says_it_is_a_file(tmp_path: Path) -> None:
    f = tmp_path / "run.txt"
    f.write_text("x")
    with pytest.raises(ConfigError, match="is a file, not a run directory"):
        RunDir.resume_config(f)
    with pytest.raises(ConfigError, match="no such run directory"):
        RunDir.resume_config(tmp_path / "nope")
