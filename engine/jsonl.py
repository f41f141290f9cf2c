"""Append-only JSON-lines files that survive a crash mid-write (``records.jsonl``,
``metrics.jsonl``).

A writer appends one complete line (JSON + ``\\n``) at a time and flushes it; a crash can only
leave the *last* line torn: bytes without their newline, or a line cut short and later ended by
a newline. :func:`read_jsonl` drops such a last line (and says how many bytes it dropped) and
never drops a complete, valid one: an undecodable line anywhere else is an error, because
something other than a torn write damaged the file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import msgspec

__all__ = ["JsonlError", "read_jsonl", "repair_jsonl"]

T = TypeVar("T")


class JsonlError(ValueError):
    """A line other than the last one of a JSON-lines file does not decode."""


def read_jsonl(data: bytes, decode: Callable[[bytes], T], *, name: str = "") -> tuple[list[T], int]:
    """Decode every line of ``data``; drop a torn last line.

    Args:
        data: the file's bytes.
        decode: turns one line (without its newline) into a record; raises
            ``msgspec.DecodeError`` / ``msgspec.ValidationError`` / ``ValueError`` on bad input.
        name: the file, for error messages.

    Returns:
        ``(records, torn)``: the record of every line that decodes, and the number of bytes at
        the end of ``data`` that belong to a torn last line (0 when the file is whole). A last
        line that decodes is kept even when its newline is missing (see :func:`repair_jsonl`).

    Raises:
        JsonlError: a line before the last one does not decode (names the file and line number).
    """
    lines = data.split(b"\n")  # the last item is what follows the last newline
    last = max((i for i, line in enumerate(lines) if line.strip()), default=-1)
    records: list[T] = []
    keep = len(data)
    offset = 0
    for i, line in enumerate(lines):
        if line.strip():
            try:
                records.append(decode(line))
            except (msgspec.DecodeError, msgspec.ValidationError, ValueError) as exc:
                if i != last:
                    raise JsonlError(
                        f"{name or 'JSON-lines file'}: line {i + 1} of {last + 1} is not a "
                        f"valid record ({exc}); only a torn last line is dropped"
                    ) from None
                keep = offset  # the write was cut short here: drop it and what follows
        offset += len(line) + 1
    return records, len(data) - keep


def repair_jsonl(path: Path, decode: Callable[[bytes], T]) -> tuple[list[T], int]:
    """Make the file at ``path`` end where its last valid line ends, with a newline, so that the
    next append starts a line of its own: a torn last line is cut off, a valid last line that
    lost only its newline gets it back.

    Returns:
        ``(records, torn)`` as :func:`read_jsonl`: the file's records and the bytes removed
        (``([], 0)`` when the file is missing).

    Raises:
        JsonlError: as :func:`read_jsonl`.
    """
    if not path.exists():
        return [], 0
    data = path.read_bytes()
    records, torn = read_jsonl(data, decode, name=str(path))
    end = len(data) - torn
    with path.open("r+b") as f:
        if torn:
            f.truncate(end)
        if end and data[end - 1 : end] != b"\n":
            f.seek(end)
            f.write(b"\n")
    return records, torn
