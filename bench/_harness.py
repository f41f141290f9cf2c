"""Benchmark harness: run a topic, print a table, write JSON records.

Each topic is a module ``bench/bench_<topic>.py`` with

- ``add_arguments(parser)``: its own options;
- ``run(args) -> list[dict]``: one dict per case; keys carry units in their names
  (``step_p50_us``, ``tokens_per_s``) and ratio columns start with ``vs.``.

The harness adds ``--json FILE`` (one record per case, with the machine, library versions and
the date) and ``--repeats N`` (topics report medians over repeats).
"""

from __future__ import annotations

import argparse
import datetime as _dt
import importlib
import json
import os
import pkgutil
import platform
import signal
import sys
import threading
from importlib import metadata
from pathlib import Path
from typing import Any

__all__ = ["format_table", "machine_info", "main", "sigterm_as_interrupt", "topics"]

_LIBS = ("trio", "msgspec", "httpx", "wasmtime", "torch", "transformers", "hnswlib", "numpy")


class _HelpFormatter(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """``--help``: the description as written, each option with its default."""


def topics() -> list[str]:
    """Names of the available topics (modules ``bench/bench_<topic>.py``)."""
    here = Path(__file__).parent
    return sorted(
        m.name.removeprefix("bench_")
        for m in pkgutil.iter_modules([str(here)])
        if m.name.startswith("bench_")
    )


def machine_info() -> dict[str, Any]:
    """The machine and library versions a record was measured on."""
    versions: dict[str, str | None] = {}
    for lib in _LIBS:
        try:
            versions[lib] = metadata.version(lib)
        except metadata.PackageNotFoundError:
            versions[lib] = None
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "versions": versions,
        "date": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
    }


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        if value != 0 and (abs(value) >= 1e5 or abs(value) < 1e-2):
            return f"{value:.3g}"
        return f"{value:,.2f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def format_table(rows: list[dict[str, Any]]) -> str:
    """Rows as an aligned text table (columns in first-seen order)."""
    if not rows:
        return "(no cases)"
    cols: list[str] = []
    for row in rows:
        cols.extend(k for k in row if k not in cols)
    cells = [[_fmt(row.get(c, "")) for c in cols] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(cols)]
    line = "  ".join(c.ljust(w) for c, w in zip(cols, widths, strict=True))
    sep = "  ".join("-" * w for w in widths)
    body = ["  ".join(v.rjust(w) for v, w in zip(r, widths, strict=True)) for r in cells]
    return "\n".join([line, sep, *body])


def sigterm_as_interrupt() -> None:
    """Make SIGTERM raise :class:`KeyboardInterrupt` in the main thread, as Ctrl-C does, so a
    topic's cleanup runs (``finally``, context managers: spawned ranks stopped, temporary
    directories removed, child processes stopped) instead of the
    process dying where it stands. Does nothing off the main thread."""
    if threading.current_thread() is not threading.main_thread():
        return

    def _interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, _interrupt)


def main(argv: list[str] | None = None) -> int:
    """``python -m bench <topic> [--json FILE] [topic options]``; returns the exit code.

    Only the chosen topic's module is imported (topics import torch, wasmtime, ...).
    """
    names = topics()
    top = argparse.ArgumentParser(
        prog="python -m bench",
        add_help=False,  # "-h" after a topic is that topic's help
        usage="python -m bench TOPIC [--json FILE] [topic options]  (python -m bench TOPIC -h)",
        description="Throughput benchmarks; each prints a table with ratios to a baseline "
        "measured in the same run; --json FILE writes one record per case.",
        epilog="topics: " + ", ".join(names),
    )
    top.add_argument(
        "topic", nargs="?", choices=names, metavar="TOPIC", help="one of: " + ", ".join(names)
    )
    ns, rest = top.parse_known_args(argv)
    if ns.topic is None:
        top.print_help()
        return 0 if {"-h", "--help"} & set(rest) else 2
    module = importlib.import_module(f"bench.bench_{ns.topic}")
    # the module docstring keeps its line breaks (numbered stages), and every default is shown
    parser = argparse.ArgumentParser(
        prog=f"python -m bench {ns.topic}",
        description=module.__doc__,
        formatter_class=_HelpFormatter,
    )
    parser.add_argument("--json", metavar="FILE", help="write one JSON record per case")
    if hasattr(module, "add_arguments"):
        module.add_arguments(parser)
    args = parser.parse_args(rest)
    title = (module.__doc__ or "").strip().splitlines()[0].replace("``", "")
    print(f"bench {ns.topic}: {title}", flush=True)
    sigterm_as_interrupt()
    try:
        rows = module.run(args)
    except KeyboardInterrupt:
        print(f"bench {ns.topic}: stopped (Ctrl-C or SIGTERM); no records written", file=sys.stderr)
        return 130
    # a topic whose records do not fit a table (nested figures) prints its own summary
    print(module.summarize(rows) if hasattr(module, "summarize") else format_table(rows))
    if args.json:
        info = machine_info()
        with open(args.json, "w", encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps({"topic": ns.topic, **row, "machine": info}) + "\n")
        print(f"wrote {len(rows)} records to {args.json}", file=sys.stderr)
    return 0
