"""Karma Referee: variants, an explaining referee engine, records, a simulator and an app.

The units (``referee.effects``: one module per effect of the menu; ``referee.tablerules``: one
per table rule) register themselves on the variant layer's menus (``referee.variant.menu``,
``referee.variant.table``) as they are defined; importing them here, as the package starts,
fills the menus before anything reads them, while nothing below them imports them
(tests/test_import_graph.py).
"""

__version__ = "0.1.0"

import referee.effects  # noqa: E402, F401  (the units register themselves)
import referee.tablerules  # noqa: E402, F401
