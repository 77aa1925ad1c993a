"""The checks of a variant file that a schema cannot say, each a named rule (``CHECKS``).

Three layers report together, sorted by position: the safe YAML front-end
(``referee.files.yamlsafe``), the JSON Schema made from the fields' declarations
(``referee.variant.fields``: the kinds, bounds and forms of every field) and the checks a schema
cannot say, each a named rule in this package (``cards``, ``table``) reading the typed view of the file the same
declarations give (``Field.sound``: each value of the kind declared, or left out), so that the
rules still run where the schema found errors elsewhere in the file.  Each effect's own checks
live in its unit (``referee/effects/<name>.py``, ``check``), each table rule's in its own.

Rulings on what is an error and what is only a warning:

* errors: a deal that does not fit the deck at the largest table of any range (R2.2); a burn
  count no card can ever reach, even with the most decks (R7.1); repeated ids, ranks or deck
  counts; overlapping player ranges or min > max; a rank power on a rank the deck does not have;
  an effect listed twice on one card; two effects that contradict each other on one card (each
  effect unit lists its ``contradicts``); two effects on one card that each need a chosen
  player (a play names one ``to``); a deal that gives no cards; ranks with high < low; a deal
  that can lock the table cards (docs/rulings.md 22).
* warnings (legal, probably a mistake): min_hand above the dealt hand; a Karma card with 0
  copies; a duplicate card name; burn 1; a range of players with too few copies to ever burn;
  player counts left uncovered between two ranges.
"""

from __future__ import annotations

from referee.variant.checks import cards, table
from referee.variant.checks.facts import CHECKS, File, Report

__all__ = ["CHECKS", "File", "Report", "cards", "table"]
