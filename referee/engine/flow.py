"""Turn flow (R6.4-R6.6, R8.3, R8.6, R10): after a step, who moves next.

``TurnFlow`` is one part of a game (``engine.game.Game`` holds it).  Moves change the state
(``Game``); the flow events they raise (play again, a follow-up, where the turn continues from)
are gathered in a ``Flow`` (``engine.events``) and applied here to the state given: the mover
draws, the game may end, the mover plays again or the turn passes on, using up skips.
"""

from __future__ import annotations

from referee import wording
from referee.engine.events import Flow
from referee.state import State
from referee.variant.model import Variant


class TurnFlow:
    """Draws, skips, the next player and the end of the game, for one variant."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    def finish(self, s: State, by: str, origin: int, notes: list[str], flow: Flow) -> None:
        """Turn logic (R6.4-R6.6, R8.3, R10): follow-up, play again, or pass with draws."""
        me = s.seat_of(by)
        if flow.follow_up and s.seats[me].total and len(s.players_in()) > 1:
            s.follow_up = True
            s.mover = me
            notes.append(wording.follow_up(by))
            return
        if flow.follow_up:
            notes.append(wording.no_follow_up())
        self._draw(s, me, flow, notes)
        if self._check_end(s):
            return
        if flow.play_again and s.seats[me].total:
            s.mover = me
            notes.append(wording.plays_again(by))
            return
        start = flow.continue_from if flow.continue_from is not None else origin
        nxt = self._next_player(s, start, flow, notes)
        s.mover = nxt
        if nxt != me:
            self._draw(s, nxt, flow, notes)

    def _draw(self, s: State, seat: int, flow: Flow, notes: list[str]) -> None:
        """R6.4: draw up to the minimum hand while the draw pile lasts."""
        n = s.draw(seat, self.variant.min_hand - s.seats[seat].hand.count)
        if not n:
            return
        who = s.names[seat]
        flow.draws.append((who, n))
        notes.append(wording.draws(who, n))

    @staticmethod
    def _check_end(s: State) -> bool:
        """R10.2: the game ends as soon as only one player is in; that player loses."""
        ins = s.players_in()
        if len(ins) > 1:
            return False
        s.over = True
        s.follow_up = False
        s.loser = s.names[ins[0]] if ins else None
        return True

    @staticmethod
    def _next_player(s: State, start: int, flow: Flow, notes: list[str]) -> int:
        """R6.5 with R8.6: the next seat whose player is in, using up pending skips."""
        n = len(s.seats)
        i = start
        while True:
            i = (i + s.direction) % n
            if not s.seats[i].total:
                continue
            who = s.names[i]
            left = s.skips.get(who, 0)
            if left:
                if left == 1:
                    del s.skips[who]
                else:
                    s.skips[who] = left - 1
                flow.skipped.append(who)
                notes.append(wording.loses_turn(who, left - 1))
                continue
            return i
