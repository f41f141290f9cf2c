"""``python -m engine.validate FILE.py [--json]``: validate one environment file.

Runs every Critic check that needs no policy (``actors.critic.score_env`` without an agent) in
the WebAssembly sandbox and prints the verdict: accepted, or the rejection reason with its evidence.

Exit status: 0 accepted, 1 rejected, 2 usage error (missing file, bad option or config).
``--json`` prints one object ``{"accepted": bool, "reason": str | null, "detail": str,
"evidence": {...}}``.
"""

from __future__ import annotations

import argparse
import io
import json
import tokenize
from pathlib import Path
from typing import Any

import trio

from engine._cli import JsonUsageParser, printable
from engine.config import Config, load_config
from engine.errors import ConfigError
from engine.messages import EnvProposed, EnvRejected

__all__ = ["main", "validate_file"]


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    """Options shared with ``engine.score``: the file, ``--config``, ``--set``, ``--hint``."""
    parser.add_argument("file", help="environment program (Python source defining class Env)")
    parser.add_argument("--config", default=None, help="TOML config file (default: built-in)")
    parser.add_argument(
        "--set",
        dest="overrides",
        action="append",
        default=[],
        metavar="SECTION.FIELD=VALUE",
        help="config override, e.g. critic.probe_episodes=3 (repeatable)",
    )
    parser.add_argument(
        "--hint",
        default="",
        help="hint to use instead of the program's HINT (empty: the program's)",
    )


_SOURCE_BYTES_MAX = 64 << 20
"""The largest environment program the CLIs read (bytes)."""


def read_source(parser: argparse.ArgumentParser, path: str) -> str:
    """The file's text, decoded as Python reads source (PEP 263: a UTF-8 BOM or a coding
    cookie such as ``# -*- coding: latin-1 -*-``, else UTF-8); a usage error (exit 2) when it
    cannot be read or decoded (a UTF-16 file without a cookie is not Python source either),
    is no regular file (a directory, a FIFO, a device) or is over 64 MiB."""
    try:
        file = Path(path)
        if file.exists() and not file.is_file():
            # a directory, a FIFO (read forever) or a device (/dev/zero: 10 GB read in 16 s)
            parser.error(f"cannot read {path!r}: not a regular file")
        with file.open("rb") as handle:
            data = handle.read(_SOURCE_BYTES_MAX + 1)
        if len(data) > _SOURCE_BYTES_MAX:
            parser.error(f"cannot read {path!r}: larger than {_SOURCE_BYTES_MAX >> 20} MiB")
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        return data.decode(encoding)
    except OSError as exc:
        parser.error(f"cannot read {path!r}: {exc.strerror or exc}")
    except (UnicodeDecodeError, SyntaxError, LookupError) as exc:
        parser.error(
            f"cannot read {path!r}: not Python source text ({exc}); save it as UTF-8 or "
            "declare its encoding on its first or second line (PEP 263: "
            "'# -*- coding: latin-1 -*-')"
        )
    raise AssertionError("unreachable")


def load(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Config:
    """The config from ``--config``/``--set``; a usage error (exit 2) when it is bad."""
    try:
        return load_config(args.config, args.overrides)
    except ConfigError as exc:
        parser.error(str(exc))
    raise AssertionError("unreachable")


async def validate_file(source: str, hint: str, config: Config, env_id: str = "env") -> Any:
    """Validate one program in a fresh sandbox (``actors.critic.score_env`` with no agent).

    Returns:
        ``EnvValidated`` or ``EnvRejected``; never raises for anything the program does.
    """
    from actors.critic import score_env
    from sandbox_wasm import Sandbox

    async with Sandbox.open(config.sandbox) as sandbox:
        proposal = EnvProposed(env_id=env_id, source=source, hint=hint)
        return await score_env(
            proposal, sandbox=sandbox, agent=None, config=config.critic, agent_config=config.agent
        )


def verdict_json(verdict: Any) -> dict[str, Any]:
    """``{"accepted", "reason", "detail", "evidence"}`` of a verdict."""
    if isinstance(verdict, EnvRejected):
        return {
            "accepted": False,
            "reason": verdict.reason,
            "detail": verdict.detail,
            "evidence": verdict.evidence,
        }
    return {"accepted": True, "reason": None, "detail": "", "evidence": {}}


def print_verdict(path: str, verdict: Any) -> None:
    """Human-readable verdict on stdout (a program's words through :func:`printable`)."""
    if isinstance(verdict, EnvRejected):
        print(f"{path}: REJECTED ({verdict.reason}): {printable(verdict.detail)}")
        for key, value in verdict.evidence.items():
            text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            if len(text) > 600:
                text = text[:600] + "..."
            print(f"  {printable(key)}: {printable(text)}")
    else:
        print(
            f"{path}: ACCEPTED (MAX_TURNS={verdict.max_turns}, tools={len(verdict.tools)}, "
            f"validated in {verdict.validation_seconds:.2f} s)"
        )


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status (0 accepted, 1 rejected, 2 usage error)."""
    parser = JsonUsageParser(
        prog="python -m engine.validate",
        description="Validate one environment file with every Critic check that needs no policy.",
    )
    add_common_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        source = read_source(parser, args.file)
        config = load(parser, args)
    except SystemExit as exc:
        return int(exc.code or 0)
    verdict = trio.run(validate_file, source, args.hint, config)
    if args.json:
        print(json.dumps(verdict_json(verdict), ensure_ascii=False))
    else:
        print_verdict(args.file, verdict)
    return 1 if isinstance(verdict, EnvRejected) else 0


if __name__ == "__main__":
    from engine._cli import exit_with

    exit_with(main)
