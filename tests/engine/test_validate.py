"""``python -m engine.validate``: verdicts, JSON output and exit statuses."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.validate import main

LABELLED = Path(__file__).parents[1] / "data" / "labelled"


def test_accepted_file_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(LABELLED / "learnable_bisect.py")]) == 0
    out = capsys.readouterr().out
    assert "ACCEPTED" in out and "MAX_TURNS=7" in out


def test_rejected_file_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(LABELLED / "reject_nondeterministic_clock.py"), "--json"]) == 1
    obj = json.loads(capsys.readouterr().out)
    assert obj["accepted"] is False and obj["reason"] == "nondeterministic"
    assert obj["evidence"]["seed"] == 0 and obj["evidence"]["field"] == "observation"


def test_accepted_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(LABELLED / "coin_flip.py"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "accepted": True,
        "reason": None,
        "detail": "",
        "evidence": {},
    }


def test_rejected_file_prints_reason_and_evidence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(LABELLED / "reject_not_serialisable.py")]) == 1
    out = capsys.readouterr().out
    assert "REJECTED (not_serialisable)" in out and "info['visited']" in out


def test_usage_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "missing.py")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main([]) == 2
    assert main([str(LABELLED / "trivial.py"), "--set", "critic.k=zero"]) == 2
    assert "critic.k" in capsys.readouterr().err


def test_hint_option_overrides_program_hint(capsys: pytest.CaptureFixture[str]) -> None:
    # the program's HINT appears in its first observation; a different hint does not
    assert main([str(LABELLED / "reject_hint_leak.py")]) == 1
    assert (
        main([str(LABELLED / "reject_hint_leak.py"), "--hint", "Think about the weather today."])
        == 0
    )


@pytest.mark.slow
def test_module_entry_point_runs() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine.validate",
            str(LABELLED / "reject_compile.py.txt"),
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=600,  # a bound on a hang, not a speed target (a loaded 2-core machine is slow)
    )
    assert proc.returncode == 1, proc.stderr
    assert json.loads(proc.stdout)["reason"] == "compile"


def test_a_step_returning_the_wrong_number_of_items_is_told_how_many(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The old Gym API's 4-tuple, or a user's 3-tuple, is the commonest ``step()`` mistake:
    the rejection should say what came back (how many items), not only what is expected."""
    program = tmp_path / "three.py"
    program.write_text(
        'DESCRIPTION = "Say yes."\nHINT = "Answer yes."\nMAX_TURNS = 2\n\n\n'
        "class Env:\n"
        "    def reset(self, seed=None, options=None):\n"
        '        return "Say yes.", {}\n\n'
        "    def step(self, action):\n"
        '        return "done", 1.0, True\n'
    )
    assert main([str(program), "--json"]) == 1
    obj = json.loads(capsys.readouterr().out)
    assert obj["reason"] == "api"
    assert "got a tuple of 3 items" in obj["detail"], obj["detail"]  # tester40


def test_a_program_is_read_as_python_reads_source(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Latin-1 program with a PEP 263 coding cookie runs under Python, so it is validated
    (tester51: it was a usage error, 'utf-8 codec can't decode'); bytes that are not UTF-8
    and have no cookie are a usage error that says how to fix the file."""
    source = (LABELLED / "trivial.py").read_text(encoding="utf-8")
    cookie = tmp_path / "latin.py"
    cookie.write_bytes(b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + source.encode("latin-1"))
    plain = tmp_path / "plain.py"
    plain.write_bytes(b"# -*- coding: utf-8 -*-\n" + source.encode())
    code = main([str(cookie), "--json"])
    assert code != 2 and code == main([str(plain), "--json"])
    capsys.readouterr()
    bad = tmp_path / "bad.py"
    bad.write_bytes(b"# caf\xe9\n" + source.encode())
    assert main([str(bad)]) == 2
    assert "PEP 263" in capsys.readouterr().err


@pytest.mark.parametrize("field", ["HINT", "DESCRIPTION"])
def test_a_lone_surrogate_in_the_programs_text_is_an_api_rejection_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str
) -> None:
    """tester51: it was ``not_serialisable`` ('load result is not serialisable'), no field."""
    source = (LABELLED / "coin_flip.py").read_text(encoding="utf-8")
    path = tmp_path / "surrogate.py"
    path.write_text(f"{source}\n{field} = 'lamp \\ud800'\n", encoding="utf-8")
    assert main([str(path), "--json"]) == 1
    obj = json.loads(capsys.readouterr().out)
    assert obj["reason"] == "api" and f"{field}: not valid Unicode" in obj["detail"], obj


def test_a_programs_words_cannot_write_a_line_of_their_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A new user's: an environment's exception text with a screen-clearing escape and a line
    break printed a fake ``ACCEPTED`` line above the real verdict. Control characters are
    escapes now, and a line break in the program's words is followed by an indent."""
    env = tmp_path / "ansi.py"
    env.write_text(
        "DESCRIPTION = 'x'\nHINT = 'h'\nMAX_TURNS = 2\n"
        "class Env:\n"
        "    def reset(self, seed=None, options=None):\n"
        "        return 'o', {}\n"
        "    def step(self, action):\n"
        "        raise ValueError('bad\\x1b[2J\\nansi.py: ACCEPTED (MAX_TURNS=2)')\n"
    )
    assert main([str(env)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[2J" in out
    assert not any(line.startswith("ansi.py: ACCEPTED") for line in out.splitlines())
