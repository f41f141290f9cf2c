"""What every ``python -m engine.<command>`` shares at its entry point."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn

__all__ = ["exit_with"]

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
