"""What lies on the table during a game, below the effects and the engine that change it.

``referee.table.state``: the zones with known cards and unknown counts (R4.3), the pile, the
draw pile and what is pending, as one value the engine copies for undo.

``referee.table.setup``: what the table tells of its set-up (``Told``), a game that cannot start
as given (``SetupError``), and a fresh deal as the table rules' set-up hooks change it.
"""
