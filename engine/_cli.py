"""What every ``python -m engine.<command>`` shares at its entry point."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

__all__ = ["JsonUsageParser", "exit_with", "usage_json"]

SIGPIPE_EXIT = 141
"""Exit code when the reader of stdout left early (128 + SIGPIPE, as a shell reports it)."""


def exit_with(main: Callable[[], int | None]) -> NoReturn:
    """Run a command's ``main()`` and exit with its code; output into a pipe whose reader left
    (``... | head``) ends the command quietly with :data:`SIGPIPE_EXIT`, not a
    ``BrokenPipeError`` traceback (the recipe of Python's ``signal`` documentation, "Note on
    SIGPIPE": stdout is pointed at ``os.devnull`` so the interpreter's last flush is quiet)."""
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        code = SIGPIPE_EXIT
    raise SystemExit(code)


_CONTROL = {c: f"\\x{c:02x}" for c in [*range(0x20), *range(0x7F, 0xA0)] if c not in (0x09, 0x0A)}
_CONTROL[0x0A] = "\n    "


def printable(text: str) -> str:
    """``text`` (a program's or an agent's words: an exception message, a traceback) safe to
    print to a terminal: control characters (C0 but tab and line feed, DEL, C1) written as
    ``\\xNN`` escapes and each line break followed by an indent, so an environment's error
    cannot clear the screen or print a line of its own (a new user's showed a fake green
    ``ACCEPTED`` line above the real ``REJECTED`` one)."""
    return text.translate(_CONTROL)


def usage_json(message: str) -> str:
    """The one JSON object a command run with ``--json`` prints on stdout for a usage error
    (exit status 2): ``{"accepted": false, "reason": "usage", "detail": message,
    "exit_status": 2}``, so a caller that parses stdout gets an object, not nothing."""
    return json.dumps(
        {"accepted": False, "reason": "usage", "detail": message, "exit_status": 2},
        ensure_ascii=False,
    )


class JsonUsageParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors (its own and those raised through
    :meth:`error` after parsing: no such file, a bad config) also print :func:`usage_json`
    on stdout where the command line has ``--json`` (tester51: ``engine.score --json`` with
    a usage error printed no JSON). The message and usage still go to stderr, exit status
    2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._json = False

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> argparse.Namespace:
        self._json = "--json" in (sys.argv[1:] if args is None else list(args))
        parsed: argparse.Namespace = super().parse_args(args, namespace)
        return parsed

    def error(self, message: str) -> NoReturn:
        if self._json:
            print(usage_json(message), flush=True)
        super().error(message)
