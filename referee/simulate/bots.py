"""Self-play bots over the engine's full-information mode (``Game.shuffled``).

A bot is a small object with one method, ``choose(game, steps, rng) -> Step``: ``steps`` is
``game.choices.legal_steps(game.state)`` (never empty while the game is on; in the simulator
the same steps as a ``Listing``, whose Karma cards' plays are made only when read) and ``rng``
the game's seeded ``random.Random``, so a bot is deterministic for a seed.  Bots only ever return one of the
steps they were given; they read the table through the engine's public attributes.

* ``random`` - uniform over the legal steps.
* ``greedy`` - plays all copies of its lowest playable number card, keeps Karma cards (and
  powered ranks) back until it would otherwise pick up, and picks up only when forced; where
  a table rule lets cards in a row go together (ruling 166), it lays its longest run first.
* ``smart`` - a rule-based player: burns the pile when it can, plays multiples, sheds its
  lowest cards but, looking at the next player's cards (full information), plays a card they
  cannot beat when one is close enough; keeps special cards for when it would otherwise pick
  up and then spends the best one, one copy (a Give the Pile goes to the player still in with
  the fewest cards: R8 allows one who is out, but a table that hands the pile to players who
  have finished seldom ends; a pile given to it that it may pass on goes on, not back to its
  giver while another player is in, and one of special cards only, the giver's own Jack, it
  takes; a card whose powers all act on a chosen player, where it names nobody, it sheds as
  a plain card, every copy); sheds its lowest card on a table-card follow-up; picking up
  where a table rule takes a face-up card along, it takes its weakest (every copy of it, where
  the rule takes several of one rank); where a table rule lets a player who
  cannot play turn over the draw pile's top card, it always does (a card that fits spares it
  the pile; greedy does the same, as it picks up only when forced).  Measured on classic, 2000
  games (smart and greedy alternating seats): smart does not lose 77% of seats against
  greedy's 73% at 4 players, 53% against 47% at 2 players.  Where runs may be laid (ruling
  166), after a burn and a play due at once it lays its longest run (the lowest, of two as
  long).

Bots know no card by its name: they read a card's effects and traits from the variant, so
they play any house variant.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Protocol

from referee.effects import EFFECTS, bot_score, needs_target, next_in, traits_of
from referee.engine import DRAW_PILE, Game, PickUp, Play, Step
from referee.engine.listing import Listing
from referee.table.state import State
from referee.tablerules import TableRule
from referee.variant.model import Card, Variant
from referee.variant.table import active

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "SmartBot", "fork_bot", "make_bot"]


class Bot(Protocol):
    """Chooses one of the legal steps of the player to move."""

    name: str

    def choose(self, game: Game, steps: Sequence[Step], rng: random.Random) -> Step: ...

    def fixed(self, game: Game, steps: Sequence[Step]) -> bool:
        """Whether the choice among ``steps`` here is never left to the random numbers, now or
        later in the game: what lets the runner prove that a game goes round in circles."""
        ...


class RandomBot:
    """Uniform over the legal steps (a play of each size and target counts as one step)."""

    name = "random"

    def choose(self, game: Game, steps: Sequence[Step], rng: random.Random) -> Step:
        # random() scaled, not randrange(): a third of the cost on the hot path, and uniform
        # to within 2**-53 for any list of steps a game can have.
        return steps[int(rng.random() * len(steps))]

    def fixed(self, game: Game, steps: Sequence[Step]) -> bool:
        return len(steps) < 2


def _quiet(name: str) -> bool:
    """An effect only judged on the pile and staying there (wild, a value, see-through): its
    card is a plain card to a bot.  Anything else is worth keeping for later."""
    unit = EFFECTS[name]
    return unit.passive and not unit.leaves_game


class _CardInfo:
    """What a bot needs to know about one card of a variant, computed once per variant."""

    __slots__ = (
        "special",
        "order",
        "key",
        "rank",
        "wild",
        "effects",
        "one_time",
        "counts_for_runs",
        "chosen_only",
    )

    def __init__(self, variant: Variant, card: Card) -> None:
        effects = variant.effects_of(card)
        names = frozenset(e.name for e in effects)
        traits = traits_of(effects, isinstance(card, str))
        self.effects = names
        self.one_time = traits.leaves_game
        # Karma cards and ranks with a power that does something when played.
        self.special = isinstance(card, str) or not all(_quiet(n) for n in names)
        # Shed order among plain cards: low numbers first (they only fit on low piles).
        self.order = card if isinstance(card, int) else 10_000
        self.key = (100_000 if self.special else 0) + self.order  # plain first, then low
        self.rank = card if isinstance(card, int) and not self.special else None  # plain only
        self.wild = traits.wild
        self.counts_for_runs = not self.one_time
        # Every power it has acts on a chosen player (a Jack that gives the pile): a play of
        # it that names nobody (its condition does not hold, ruling 152) is a plain card.
        chosen = [needs_target(e.name, e.params) for e in effects if not _quiet(e.name)]
        self.chosen_only = bool(chosen) and all(chosen)


def _infos(variant: Variant) -> dict[Card, _CardInfo]:
    return {c: _CardInfo(variant, c) for c in variant.all_cards()}


class _VariantCache:
    """Per-variant card facts, rebuilt only when a bot meets a different variant."""

    __slots__ = ("_variant", "_info", "special", "runs", "runs_laid")

    def __init__(self) -> None:
        self._variant: Variant | None = None
        self._info: dict[Card, _CardInfo] = {}
        self.special: frozenset[Card] = frozenset()
        self.runs = True  # a run built up over several plays burns (R7.1; a table rule: not)
        self.runs_laid = False  # cards in a row may be laid together (a table rule, ruling 166)

    def get(self, variant: Variant) -> dict[Card, _CardInfo]:
        if variant is not self._variant:
            self._info = _infos(variant)
            self.special = frozenset(c for c, ci in self._info.items() if ci.special)
            self.runs = all(u.runs_across_plays() for u in active(variant))
            self.runs_laid = any(
                isinstance(u, TableRule) and u.shortest_run(variant) for u in active(variant)
            )
            self._variant = variant
        return self._info

    def run_on(self, pile: list[Card]) -> list[Card]:
        """The pile as a play may complete a run on it: none where only one play burns."""
        return pile if self.runs else []


def _count(steps: Sequence[Step], n: int = 2) -> int:
    """How many steps are listed, up to ``n`` (a ``Listing`` makes no more plays than that
    takes)."""
    return steps.at_most(n) if isinstance(steps, Listing) else min(n, len(steps))


def _draws_first(steps: Sequence[Step]) -> bool:
    """Whether the first step is a play from the draw pile (a table rule's, listed first only
    when nothing held may go, ruling 109)."""
    if isinstance(steps, Listing):
        return steps.draws_first
    first = steps[0]
    return isinstance(first, Play) and first.zone == DRAW_PILE


def _top_run(pile: list[Card]) -> tuple[Card | None, int]:
    """The run of identical cards on top of the pile (R7.1): its card and its length."""
    run_card: Card | None = pile[-1] if pile else None
    run = 0
    if run_card is not None:
        for c in reversed(pile):
            if c != run_card:
                break
            run += 1
    return run_card, run


def _plays_by_card(
    steps: Sequence[Step], state: State | None = None
) -> tuple[PickUp | None, dict[Card, Play], dict[Card, Play]]:
    """The steps gathered by card, so each of the smart bot's rules weighs one play per card:
    the pick-up (when listed), each card's play with the most copies (multiples) and its
    one-copy play.  (legal_steps lists each card's plays by growing size, so the first is one
    copy.)  A card's plays with a chosen player are gathered only for the card spent
    (``_aimed``): most turns shed a plain card, and a card that gives a card lists a play per
    player and card given.  With ``state``, of two such plays as big the one naming a player
    still in (``_out``) is kept (a burn's, whose choice lapses, R7.2, or one due at once)."""
    pick: PickUp | None = None
    most: dict[Card, Play] = {}
    one: dict[Card, Play] = {}
    for step in steps:
        if isinstance(step, PickUp):
            # Where a pick-up takes a face-up card along (a table rule), legal_steps lists one
            # per card, weakest first (most copies first where several of one rank may go):
            # the bot takes its weakest, the hardest to get rid of, every copy of it.
            if pick is None:
                pick = step
            continue
        card = step.cards[0]
        if card != step.cards[-1]:
            continue  # a run (ruling 166): weighed on its own, ``_longest_run``
        prev = most.get(card)
        if prev is None:
            most[card] = one[card] = step
        elif len(step.cards) > len(prev.cards):
            most[card] = step
        elif state is not None and step.to is not None and not _out(state, step.to):
            if len(step.cards) == len(prev.cards) and prev.to is not None and _out(state, prev.to):
                most[card] = step
            first = one[card]
            if (
                len(step.cards) == len(first.cards)
                and first.to is not None
                and _out(state, first.to)
            ):
                one[card] = step
    return pick, most, one


def _longest_run(steps: Sequence[Step]) -> Play | None:
    """The longest run of cards in a row listed (a table rule, ruling 166), the lowest of two as
    long, or None: the most cards shed in one play.  (legal_steps lists runs only where the
    variant has them, so elsewhere this reads no step twice.)"""
    best: Play | None = None
    for step in steps:
        if (
            isinstance(step, Play)
            and step.cards[0] != step.cards[-1]
            and (best is None or _size(step) > _size(best))
        ):
            best = step
    return best


def _size(run: Play) -> tuple[int, int]:
    """A run's length and its lowest card, negated: the longest, then the lowest (a run holds
    number cards only)."""
    low = run.cards[0]
    return len(run.cards), -low if isinstance(low, int) else 0


def _aimed(steps: Sequence[Step], card: Card) -> list[Play]:
    """The plays of ``card`` that name a chosen player, in the order listed."""
    return [s for s in steps if isinstance(s, Play) and s.to is not None and s.cards[0] == card]


def _named_well(game: Game, plays: Sequence[Step], first: Play) -> Play:
    """A card named as a number that also does what that number does (``powers``, ruling 169):
    of its plays like ``first`` (the same cards, zone, player and card given) the one naming the
    number whose powers the bot thinks most of now (each effect unit scores itself), the first
    listed (the highest number) of those that score best; any other play: ``first``."""
    brought = game.pile.fast.brought.get(first.cards[0])
    if brought is None or first.named is None:
        return first
    s = game.state
    best, best_score = first, bot_score({e.name for e in brought[first.named][0]}, s, len(s.pile))
    for p in plays:
        if (
            isinstance(p, Play)
            and p.named is not None
            and (p.cards, p.zone, p.to, p.give) == (first.cards, first.zone, first.to, first.give)
        ):
            score = bot_score({e.name for e in brought[p.named][0]}, s, len(s.pile))
            if score > best_score:
                best, best_score = p, score
    return best


def _out(state: State, name: str) -> int:
    """1 when ``name`` is out (holds no card), else 0.  A player who is out may be chosen (R8:
    any player, in or out), and cards given bring them back in (R10.3): a bot does not choose a
    player who has finished while one who is in may be chosen (a table of bots that pulls them
    back in never ends)."""
    return 0 if state.seats[state.seat_of(name)].total else 1


def _all_copies(steps: Sequence[Step], card: Card) -> Play:
    """The play of ``card`` with the most copies: a card whose powers all act on a chosen
    player, played where it names nobody (its condition does not hold), does nothing but lie
    there, so it is shed like a plain card, every copy at once; one at a time, two careful
    players laid the same Jack on an empty pile and sent it back for ever (rule 114)."""
    return max(
        (s for s in steps if isinstance(s, Play) and s.cards[0] == card == s.cards[-1]),
        key=lambda s: len(s.cards),
    )


def _given_by(state: State) -> str | None:
    """Who gave the pile that the player to move may pass on or take (ruling 168), or None."""
    if state.pending:
        me = state.names[state.mover]
        for p in state.pending.values():
            if p.gives_pile and p.by != me:
                return p.by
    return None


def _takes_given(state: State, info: dict[Card, _CardInfo]) -> bool:
    """Whether to take a pile given to the player to move rather than pass it on (ruling
    168): when it holds special cards only (the giver's own Jack, say), taking it costs them
    no card and gains them those, while passing it on spends one and hands the pile, with more
    of those cards, to another player who may pass it back: two careful players would send one
    Jack back and forth for ever.  (Taking any pile of special cards rather than spending one
    was tried: more games of the built-in variants went round in circles.)"""
    pile = state.pile
    return bool(pile) and _given_by(state) is not None and all(info[c].special for c in pile)


def _burning_play(
    most: dict[Card, Play], info: dict[Card, _CardInfo], pile: list[Card], burn: int
) -> Play | None:
    """A play that burns the pile and so plays again: it completes the run on top (or is
    itself burn-many).  Plain cards first, the lowest first (low cards are the hard ones to
    shed); never a card that leaves the game (it is no run) nor a blind face-down one."""
    run_card, run = _top_run(pile)
    best_burn: Play | None = None
    burn_key = 0
    for card, step in most.items():
        ci = info[card]
        if not ci.counts_for_runs or step.zone == "face_down":
            continue
        k = len(step.cards)
        if (k >= burn or (card == run_card and run + k >= burn)) and (
            best_burn is None or ci.key < burn_key
        ):
            best_burn, burn_key = step, ci.key
    return best_burn


class GreedyBot:
    """Lowest playable number card, all copies; Karma cards only instead of picking up."""

    name = "greedy"

    def __init__(self) -> None:
        self._cache = _VariantCache()

    def choose(self, game: Game, steps: Sequence[Step], rng: random.Random) -> Step:
        if len(steps) == 1:
            return steps[0]
        info = self._cache.get(game.variant)
        if self._cache.runs_laid:
            run = _longest_run(steps)
            if run is not None:
                return run
        best: Step = steps[0]
        best_key: tuple[int, int, int] | None = None
        state = game.state
        for step in steps:
            if isinstance(step, PickUp):
                continue
            cards = step.cards
            # special cards last; then the lowest card; then the most copies; then a chosen
            # player who is still in (``_out``)
            to = step.to
            key = (info[cards[0]].key, -len(cards), 0 if to is None else _out(state, to))
            if best_key is None or key < best_key:
                best, best_key = step, key
        return best  # a pick-up only when no play is listed

    def fixed(self, game: Game, steps: Sequence[Step]) -> bool:
        return True  # no random numbers at all


class SmartBot:
    """A rule-based player (see the module docstring)."""

    name = "smart"

    # Play a special card rather than pick up a pile at least this big (1: never pick up
    # while a special card fits; measured best, a small pile costs more than a Karma card).
    min_pile_for_special = 1
    # Complete a run to burn the pile even when a lower plain card could go.
    burn_first = True
    # Full information: play the lowest card the next player cannot beat (they hold no wild
    # card), if it is at most ``attack_margin`` above the lowest playable card (measured: 6
    # wins most against greedy, 4 players, classic).
    attack = True
    attack_margin = 6
    # A game this bot has made this many choices in has gone round in circles (a usual game
    # asks it 30-40; twice that, since issue 44: at 120 a game that ended could go 900 steps
    # without a card leaving play, which the runner then calls stalled): from then on, one time in ``vary`` it sheds a plain card picked at random
    # rather than its lowest, as a family at a long game tries something new, so that two
    # careful players do not pass the same plain cards back and forth for ever (measured: 3-12%
    # of smart games of ordinary packs did).  Special cards are spent as before, so a card
    # that really keeps games from ending still shows (the designer's answers, issue 29).
    long_game = 60
    vary = 10

    def __init__(self) -> None:
        self._cache = _VariantCache()
        self._game: object = None
        self._choices = 0

    def choose(self, game: Game, steps: Sequence[Step], rng: random.Random) -> Step:
        listing = steps if isinstance(steps, Listing) else None
        if listing is not None:
            if listing.at_most(2) == 1 or listing.draws_first:
                return steps[0]
        elif len(steps) == 1:
            return steps[0]
        else:
            first = steps[0]
            if isinstance(first, Play) and first.zone == DRAW_PILE:
                # Listed first only when nothing held may go (a table rule, ruling 109).
                return first
        if game is not self._game:
            self._game, self._choices = game, 0
        self._choices += 1
        info = self._cache.get(game.variant)
        if listing is not None and listing.lazy:
            steps = self._read(listing)
            if not any(isinstance(s, Play) for s in steps):  # nothing plain, none at random
                if self._choices > self.long_game:
                    rng.randrange(self.vary)  # drawn all the same: the same numbers after
                return self._spend(game, listing, info)
        if self._choices > self.long_game and rng.randrange(self.vary) == 0:
            shed = [s for s in steps if isinstance(s, Play) and not info[s.cards[0]].special]
            if len(shed) > 1:
                return rng.choice(shed)
        state = game.state
        pick, most, one = _plays_by_card(steps, state)

        # 1. A burn: the play completes a run (or is itself burn-many) and plays again.
        best_burn = _burning_play(most, info, self._cache.run_on(state.pile), game.variant.burn)
        if self.burn_first and best_burn is not None and not info[best_burn.cards[0]].special:
            return best_burn

        # 2. A play due at once (no pick-up allowed, R8.3): shed the lowest card.
        if pick is None and state.pile:
            return self._lowest(most, info, allow_special=True) or steps[0]

        # 3. The longest run of cards in a row (a table rule, ruling 166), where runs go; else
        # 4. the lowest plain card the next player cannot beat, else the lowest plain card.
        run = _longest_run(steps) if self._cache.runs_laid else None
        plain = run or self._plain_play(game, most, info)
        if plain is not None:
            return plain
        if best_burn is not None:
            return best_burn

        # 5. Nothing plain fits: spend a special card rather than take a pile worth avoiding.
        return self._special_or_pick_up(game, steps, pick, most, one, info)

    def _read(self, steps: Listing) -> Sequence[Step]:
        """The steps the rules of ``choose`` read of a ``Listing`` with a plain card's play in
        it: the plain cards' plays and the pick-up only, so its special cards' plays are never
        made.  The choice is the same as from every step: with a plain play listed, each rule
        picks a plain play, or none (the burn of rule 1 and the lowest card of rule 2 rank
        plain cards first, rule 3 weighs plain cards only), and which one depends on the plain
        plays, their order (the random shedding) and whether a pick-up is listed.  With none,
        ``_spend``."""
        if not steps.lazy:
            return steps
        return steps.plays_except(self._cache.special) + steps.pick_ups

    def _spend(self, game: Game, listing: Listing, info: dict[Card, _CardInfo]) -> Step:
        """Rules 2 to 4 of ``choose`` where no plain card may go (rule 1 burns plain cards
        only, rule 3's plain card is none), each reading a card's plays only where it needs
        them, so most of the special cards' plays are never made; the same choice as from
        every step.  Of a card that gives a card only the first play of each count and chosen
        player is read (its weakest card given): every rule takes a card's first play, or its
        first with the most copies, or (``_aim``) the first of those aimed at the player it
        likes best, so no other is ever taken."""
        state = game.state
        pile = state.pile
        picks = listing.pick_ups
        pick = picks[0] if picks else None
        if pick is None and pile:  # 2. the lowest card, most copies: every card's plays
            steps = listing.one_gift_each()
            due = _plays_by_card(steps, state)[1]
            return self._lowest(due, info, allow_special=True) or steps[0]
        # 3. A burn (a special card's, where no plain card may go): only a card held in as
        # many copies as burn, or the card on top, may make one.
        run_card, run = _top_run(self._cache.run_on(pile))
        burn = game.variant.burn
        most: dict[Card, Play] = {}
        for card, have in listing.held():
            if info[card].counts_for_runs and (
                have >= burn or (card == run_card and run + have >= burn)
            ):
                most.update(_plays_by_card(listing.card_plays(card), state)[1])
        best_burn = _burning_play(most, info, self._cache.run_on(pile), burn)
        if best_burn is not None:
            return best_burn
        # 4. The special card worth most now (``_best_special``: the first listed of those
        # that score best) that has a play, while the pile is worth avoiding; else pick up.
        pile_size = len(pile)
        if pick is not None and (
            pile_size < self.min_pile_for_special or _takes_given(state, info)
        ):
            return pick
        scored = []
        for i, card in enumerate(listing.cards()):
            ci = info[card]
            score = bot_score(ci.effects, state, pile_size)
            if ci.special and not isinstance(card, str):
                score -= 0.5  # a powered rank is also a plain card: spend Karma cards later
            if score > -1.0:
                scored.append((-score, i, card))
        for _, _, card in sorted(scored):
            plays = listing.card_plays(card)
            if plays:
                aimed = _aimed(plays, card)
                if aimed:
                    return self._aim(game, info[card], aimed)
                first = plays[0]
                if info[card].chosen_only:
                    return _all_copies(plays, card)
                return _named_well(game, plays, first) if isinstance(first, Play) else first
        assert pick is not None, "a listing with a choice has a play or a pick-up"
        return pick

    def fork(self, old: Game, new: Game) -> SmartBot:
        """A copy that counts on in ``new`` (a game carried on from ``old``) the choices made
        in ``old``, so a long game stays long."""
        twin = copy.copy(self)
        if self._game is old:
            twin._game = new
        return twin

    def fixed(self, game: Game, steps: Sequence[Step]) -> bool:
        """Only a long game's random shedding (``vary``) leaves a choice to chance, and only
        where two plain plays or more are listed."""
        if _count(steps) < 2 or _draws_first(steps):
            return True  # taken at once (see ``choose``)
        info = self._cache.get(game.variant)
        if isinstance(steps, Listing):
            steps = steps.plays_except(self._cache.special)  # the plain plays only
        shed = 0
        for s in steps:
            if isinstance(s, Play) and not info[s.cards[0]].special:
                shed += 1
                if shed > 1:
                    return False
        return True

    def _plain_play(
        self, game: Game, most: dict[Card, Play], info: dict[Card, _CardInfo]
    ) -> Play | None:
        """A plain card to shed: one the next player cannot beat when attacking (and one is
        close enough), else the lowest; None when no plain card fits."""
        plain = None
        if self.attack:
            plain = self._stopper(game, most, info)
        if plain is None:
            plain = self._lowest(most, info, allow_special=False)
        return plain

    def _special_or_pick_up(
        self,
        game: Game,
        steps: Sequence[Step],
        pick: PickUp | None,
        most: dict[Card, Play],
        one: dict[Card, Play],
        info: dict[Card, _CardInfo],
    ) -> Step:
        """Nothing plain fits: the best special card while the pile is worth avoiding (or no
        pick-up is allowed), else the pick-up."""
        state = game.state
        pile_size = len(state.pile)
        if most and (
            pick is None
            or (pile_size >= self.min_pile_for_special and not _takes_given(state, info))
        ):
            return self._best_special(game, steps, one, info, pile_size)
        if pick is not None:
            return pick
        return next(iter(most.values()))

    def _stopper(
        self, game: Game, most: dict[Card, Play], info: dict[Card, _CardInfo]
    ) -> Play | None:
        """The lowest plain card on which nothing the next player is known to hold may land,
        as the referee's own R5 check says (``Pile.may_follow``)."""
        s = game.state
        nxt = next_in(s, s.mover)
        if nxt is None:
            return None
        seat = s.seats[nxt]
        if seat.hand.count or s.draw_pile:
            zone = seat.hand
        elif seat.face_up.count:
            zone = seat.face_up
        else:
            return None  # blind cards: nobody knows what they can beat
        theirs = zone.known
        best: Play | None = None
        best_rank = low = 10_000
        for card in most:
            rank = info[card].rank
            if rank is not None and rank < low:
                low = rank
        for card, step in most.items():
            rank = info[card].rank
            if rank is None or rank - low > self.attack_margin or rank >= best_rank:
                continue
            answers = game.pile.may_follow(card)
            if not answers.isdisjoint(theirs):  # they hold a card that may land on it
                continue
            best, best_rank = step, rank
        return best

    @staticmethod
    def _lowest(
        most: dict[Card, Play], info: dict[Card, _CardInfo], *, allow_special: bool
    ) -> Play | None:
        best: Play | None = None
        best_key = 0
        for card, step in most.items():
            ci = info[card]
            if (allow_special or not ci.special) and (best is None or ci.key < best_key):
                best, best_key = step, ci.key
        return best

    def _best_special(
        self,
        game: Game,
        steps: Sequence[Step],
        one: dict[Card, Play],
        info: dict[Card, _CardInfo],
        pile_size: int,
    ) -> Play:
        """The special card worth most now, with its best target; one copy (save the rest)."""
        best: Play | None = None
        best_score = -1.0
        for card, step in one.items():
            ci = info[card]
            fx = ci.effects
            score = bot_score(fx, game.state, pile_size)  # each effect unit scores itself
            if ci.special and not isinstance(card, str):
                score -= 0.5  # a powered rank is also a plain card: spend Karma cards later
            if score > best_score:
                best, best_score = step, score
        assert best is not None
        card = best.cards[0]
        aimed = _aimed(steps, card)
        if aimed:
            return self._aim(game, info[card], aimed)
        if info[card].chosen_only:
            return _all_copies(steps, card)
        return _named_well(game, steps, best)

    def _aim(self, game: Game, ci: _CardInfo, plays: list[Play]) -> Play:
        """Pick the target, a player still in (``_out``): pile gifts and cards to the player
        with the fewest cards, a hand exchange with the smallest hand, a seat trade with the
        emptiest seat, a skip on the player with the fewest cards; one copy only (the rest are
        saved)."""
        s = game.state
        seat_of = {name: i for i, name in enumerate(s.names)}
        aims = {EFFECTS[n].bot_aim for n in ci.effects}
        if "chance" in aims:
            # A contest settled at the table: its loser is anyone's luck, drawn from the table
            # as it lies (not from the bot's random numbers, so its other choices stay the
            # same in every mode); one copy only. Drawn among the players, not the plays: a
            # card that also gives a card has a play per card given, and a careful reading
            # lists the first of each only (Listing.one_gift_each).
            least = min(len(p.cards) for p in plays)
            ones = [p for p in plays if len(p.cards) == least]
            losers = sorted({p.to for p in ones}, key=lambda n: -1 if n is None else seat_of[n])
            loser = losers[(len(s.pile) + s.out_of_play + s.mover) % len(losers)]
            return next(p for p in ones if p.to == loser)
        exchange = "smallest_hand" in aims
        # Passing on a pile given to it (ruling 168), not back to the giver while another
        # player is in: the two would send it round the same circle.
        giver = _given_by(s)

        def key(p: Play) -> tuple[int, int, int, int]:
            seat = s.seats[seat_of[p.to]] if p.to is not None else s.seats[s.mover]
            out = 0 if seat.total else 1  # (``_out``)
            back = 1 if giver is not None and p.to == giver else 0
            if exchange:
                return (out, back, seat.hand.count, len(p.cards))
            return (out, back, seat.total, len(p.cards))

        return min(plays, key=key)


def fork_bot(bot: Bot, old: Game, new: Game) -> Bot:
    """A copy of ``bot`` (as it was kept at a fork of ``old``) to play on in ``new``, a game
    carried on from ``old``: what it has counted of ``old`` goes on counting in ``new``."""
    fork = getattr(bot, "fork", None)
    return fork(old, new) if fork is not None else copy.copy(bot)


def make_bot(name: str) -> Bot:
    """A fresh bot by registry name; raises KeyError for an unknown one."""
    return BOTS[name]()


BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[SmartBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "smart": SmartBot,
}
