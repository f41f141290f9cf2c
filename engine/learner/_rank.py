"""Entry point of one learner rank: ``python -m engine.learner._rank`` (see ``_worker``).

Kept apart from ``_worker`` so that running it as ``__main__`` does not re-import a module the
package already imported.
"""

from engine.learner._worker import main

if __name__ == "__main__":
    main()
