"""Small helpers shared by several test modules."""

from __future__ import annotations

from referee.variant.model import Deal, Effect, PlayerRange, RankPower, Variant


def plain(text: str) -> str:
    """Markdown-escaped text as it shows on screen (the invisible word joiners that keep
    addresses from becoming links left out)."""
    text = text.replace("\u2060", "")
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            i += 1
        out.append(text[i])
        i += 1
    return "".join(out)


def endless(name: str = "Endless") -> Variant:
    """A variant that cannot end: every card asks for a number above 5 next and plays again,
    so the player must pick the pile back up: every player keeps both cards forever."""
    return Variant(
        id="endless",
        name=name,
        ranks_low=1,
        ranks_high=4,
        copies=1,
        rank_powers=tuple(
            RankPower(r, (Effect("next_range", {"min": 5}), Effect("play_again")))
            for r in range(1, 5)
        ),
        players=(PlayerRange(1, 2, 2),),
        deal=Deal(face_down=0, face_up=0, hand=2),
        min_hand=2,
    )
