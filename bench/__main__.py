"""``python -m bench <topic> [--json FILE]``."""

from bench._harness import main

if __name__ == "__main__":  # spawned processes (bench learning --ranks) import this too
    raise SystemExit(main())
