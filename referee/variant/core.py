"""The core rules the engine follows where house rules differ, as one table (issue 21).

The engine reads this table as it applies a step, and the rules sheet
(``referee.variant.sheet``) writes its core-rule sentences from the same table, so the sheet
cannot say one thing while the referee does another: change a rule here and both change
(tests/test_variant_sheet.py shows it).  Read it as ``core.RULES`` at the time of use.  It lives
with the variant, below the engine and the sheet that both read it (tests/test_import_graph.py).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CoreRules:
    """One value per core rule a group might play otherwise."""

    # R7.2: whoever completes a run that burns plays again (else the turn passes on).
    burn_plays_again: bool = True
    # R5.2: a number goes on the same value or higher (else only on a lower one).
    equal_may_follow: bool = True


RULES = CoreRules()
"""The rules this referee follows (RULES.md)."""
