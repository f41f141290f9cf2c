"""``python -m engine.serve``: the CPU policy server (see ``engine.inference.serve``)."""

from engine.inference.serve import main

if __name__ == "__main__":
    raise SystemExit(main())
