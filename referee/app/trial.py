"""The Design page's "Test this variant" button: a short self-play run, in plain words."""

from __future__ import annotations

from referee.variant.model import Variant


def run(variant: Variant, players: int = 4, games: int = 200) -> list[str]:
    """Headline numbers of ``simulate`` (imported here: the simulator is optional)."""
    from referee.simulate import simulate

    players = max(variant.min_players, min(players, variant.max_players))
    report = simulate(variant, players=players, games=games, seed=1, bots=("greedy",), jobs=1)
    lines = [
        f"{report.games} games with {report.players} computer players ({report.seconds:.1f} s).",
        f"A game lasts about {report.steps.mean:.0f} plays and pick-ups on average.",
        f"Per game: {report.pickups_per_game:.1f} pick-ups, {report.burns_per_game:.1f} burns.",
    ]
    shares = report.loser_share_by_seat
    if shares:
        seats = ", ".join(f"seat {i + 1}: {s:.0%}" for i, s in enumerate(shares))
        lines.append(f"Who loses, by seat: {seats}.")
    if report.capped:
        lines.append(
            f"{report.capped} of {report.games} games had not ended after "
            f"{report.step_cap} plays and pick-ups."
        )
    if report.may_not_end:
        lines.append("Warning: with these rules a game may never end.")
    return lines
