"""What lies on the table during a game, below the effects and the engine that change it.

``referee.table.state``: the zones with known cards and unknown counts (R4.3), the pile, the
draw pile and what is pending, as one value the engine copies for undo.
"""
