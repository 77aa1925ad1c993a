"""Karma Referee: variants, an explaining referee engine, records, a simulator and an app.

The units (``referee.effects``: one module per effect of the menu) register themselves on the
variant layer's menu (``referee.variant.menu``) as they are defined; importing them here, as the
package starts, fills the menu before anything reads it, while nothing below them imports them
(tests/test_import_graph.py).
"""

__version__ = "0.1.0"

import referee.effects  # noqa: E402, F401  (the units register themselves)
