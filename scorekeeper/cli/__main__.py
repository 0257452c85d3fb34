"""``python -m scorekeeper.cli``, as the ``scorekeeper`` command."""

from .main import main

raise SystemExit(main())
