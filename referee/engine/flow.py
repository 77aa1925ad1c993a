"""Turn flow (R6.4-R6.6, R8.3, R8.6, R10): after a step, who moves next.

``TurnFlow`` is one part of a game (``engine.game.Game`` holds it).  Moves change the state
(``Game``); the flow events they raise (play again, a follow-up, where the turn continues from)
are gathered in a ``Flow`` (``engine.events``) and applied here to the state given: the mover
draws, the game may end, the mover plays again or the turn passes on, using up skips.
"""

from __future__ import annotations

from referee.effects import EFFECTS
from referee.engine.events import Flow
from referee.engine.fast import PASSING_UNITS
from referee.table.state import Pending, State
from referee.variant.model import Variant
from referee.words import sentences


class TurnFlow:
    """Draws, skips, the next player and the end of the game, for one variant."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self._min_hand = variant.min_hand  # read after every step: kept at hand
        # A table size's own minimum hand (ruling 129), where a row of the deal names one.
        self._min_by = {
            r.players: r.min_hand for r in variant.deal.by_players if r.min_hand is not None
        }

    def finish(
        self,
        s: State,
        by: str,
        origin: int,
        notes: list[str],
        flow: Flow,
        passed: tuple[str, ...] = (),
    ) -> list[int]:
        """Turn logic (R6.4-R6.6, R8.3, R10): a play due at once, play again, or pass with
        draws.  Returns the seats of the players who are in once the step has resolved.
        ``passed``: who lost this turn already, to the play this one went on from at once
        (rulings 110-111): the turn passes them by again, and they lose nothing more (ruling
        115)."""
        me = s.seat_of(by)
        if s.pending and s.due is not None:
            owed = [p for p in s.pending.values() if p.due == by]
            first = any(p.draws_first for p in owed)
            if first and s.due == by:
                self._draw(s, me, flow, notes)  # a short hand is refilled first (R6.4)
            ins = s.players_in()
            if s.due == by and s.seats[me].total and len(ins) > 1:
                s.mover = me  # at once (R8.3: and no drawing before it)
                notes.append(
                    sentences.plays_again_at_once(by, not all(p.free for p in owed))
                    if first
                    else sentences.follow_up(by)
                )
                return ins
            s.drop_pending(_not_due)  # no card left to play it with: it lapses (R8.3)
            notes.append(sentences.no_follow_up())
        seats = s.seats
        least = self.least(len(seats))
        # Whether anyone draws is asked here, not in ``_draw``: most steps draw nothing.
        if s.draw_pile and seats[me].hand.count < least:
            self._draw(s, me, flow, notes)
        ins = s.players_in()
        if len(ins) < 2:
            self._end(s, ins)
            return ins
        if flow.play_again and me in ins:
            s.mover = me
            notes.append(
                sentences.starts_new_pile(by) if flow.new_pile else sentences.plays_again(by)
            )
            return ins
        if flow.turn_to is not None:
            # A chosen player goes next: play goes on from the seat before theirs, in the
            # direction as it is once every effect resolved (docs/rulings.md, ruling 131).
            start = (s.seat_of(flow.turn_to) - s.direction) % len(s.seats)
        elif flow.continue_from is not None:
            start = flow.continue_from
        else:
            start = origin
        if passed and all(s.names[i] in passed for i in ins):
            passed = ()  # nobody left who has not lost this turn: it passes as usual
        nxt = self._next_player(s, start, ins, flow, notes, passed)
        s.mover = nxt
        if nxt != me and s.draw_pile and seats[nxt].hand.count < least:
            self._draw(s, nxt, flow, notes)  # the next player is in: who is in stays the same
        return ins

    def _draw(self, s: State, seat: int, flow: Flow, notes: list[str]) -> None:
        """R6.4: draw up to the minimum hand (the table size's, ruling 129) while the draw
        pile lasts."""
        short = self.least(len(s.seats)) - s.seats[seat].hand.count
        if short <= 0 or not s.draw_pile:
            return
        n = s.draw(seat, short)
        who = s.names[seat]
        flow.draws.append((who, n))
        notes.append(sentences.draws(who, n))

    def least(self, players: int) -> int:
        """The minimum hand at a table of this many players (R6.4, ruling 129)."""
        return self._min_by.get(players, self._min_hand) if self._min_by else self._min_hand

    @staticmethod
    def _end(s: State, ins: list[int]) -> None:
        """R10.2: the game ends as soon as only one player is in; that player loses."""
        s.over = True
        if s.pending:
            s.drop_pending(_not_due)
        s.loser = s.names[ins[0]] if ins else None

    @staticmethod
    def _next_player(
        s: State,
        start: int,
        ins: list[int],
        flow: Flow,
        notes: list[str],
        passed: tuple[str, ...] = (),
    ) -> int:
        """R6.5: the next seat whose player is in (``ins``, the seats that hold cards); what is
        pending may pass a player over (R8.6: a turn they owe is used up,
        ``EffectSpec.pass_over``); who lost this turn already (``passed``) is passed by."""
        n = len(s.seats)
        step = s.direction
        i = start
        while True:
            i = (i + step) % n
            if i not in ins:
                continue
            who = s.names[i]
            if passed and who in passed:
                # This turn is lost already (ruling 115): passed by once; on a second time
                # round (skips walking round the table, ruling 135) it is theirs.
                passed = tuple(p for p in passed if p != who)
                continue
            if s.pending and not PASSING_UNITS.isdisjoint(s.pending) and _passed_over(s, who):
                flow.skipped.append(who)
                notes.append(sentences.loses_turn(who, s.skips.get(who, 0)))
                continue
            return i


def _passed_over(s: State, who: str) -> bool:
    """Whether a pending slice passes ``who`` over as play would pass to them (each asked of
    its unit, which says what its slice becomes)."""
    for name, p in list(s.pending.items()):
        passed, after = EFFECTS[name].pass_over(p, s, who)
        if passed:
            if after is None:
                del s.pending[name]
            else:
                s.pending[name] = after
            return True
    return False


def _not_due(p: Pending) -> Pending | None:
    """A pending slice, unless it is a play due at once (it lapses, R8.3, R10)."""
    return None if p.due is not None else p
