"""``python -m referee``: the `karma` command (``referee.commands.cli``)."""

import sys

from referee.commands.cli import main

sys.exit(main())
