"""Self-play and balance reports for any variant (``karma simulate``, the Simulate page).

>>> from referee.simulate import simulate, Report, BOTS
>>> report = simulate(variant, players=4, games=1000, seed=1, bots=("greedy", "smart"))

Nothing here imports Streamlit; the page in ``referee/app/screens/simulate.py`` only draws what
this package computes.
"""

from referee.simulate.bots import BOTS, Bot, GreedyBot, RandomBot, SmartBot, make_bot
from referee.simulate.report import CAP_WARNING, Bin, Report, StepStats, Tally
from referee.simulate.results import GameResult
from referee.simulate.runner import (
    DEFAULT_STEP_CAP,
    MAX_WORK,
    Progress,
    bot_seed,
    estimate_seconds,
    friendly_duration,
    game_seed,
    play,
    play_games,
    seat_names,
    seating,
    simulate,
    simulate_live,
)

__all__ = [
    "BOTS",
    "CAP_WARNING",
    "DEFAULT_STEP_CAP",
    "MAX_WORK",
    "Bin",
    "Bot",
    "GameResult",
    "GreedyBot",
    "Progress",
    "RandomBot",
    "Report",
    "SmartBot",
    "StepStats",
    "Tally",
    "bot_seed",
    "estimate_seconds",
    "friendly_duration",
    "game_seed",
    "make_bot",
    "play",
    "play_games",
    "seat_names",
    "seating",
    "simulate",
    "simulate_live",
]
