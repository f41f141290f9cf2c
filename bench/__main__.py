"""``python -m bench <topic> [--json FILE]``."""

from bench._harness import main

raise SystemExit(main())
