"""The advice: the legal set, worded (R11.1-R11.2; issue 39.5).

``Advice`` is one part of a game (``engine.game.Game`` holds it).  It words a judgement of the
filter (``Rules.judge``) with ``referee.words.sentences``, and every refusal with what the mover
may do instead: the hint, made from the generator's answers (``Choices.playable``: each card the
mover may hold in the zone due, judged as a play), so it never says other than the filter
decides.
The table's choices (``Choices.table``) are worded here too (``table``), the hint once for all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from referee import words
from referee.engine.choices import Choices, TableChoices
from referee.engine.judgement import Judgement
from referee.engine.legality import Rules, pile_sent_to
from referee.engine.steps import Step, Verdict
from referee.table.state import State, ZoneName
from referee.variant.model import COLOURS, SUITS, Card
from referee.words import sentences
from referee.words.reasons import HintFacts, MayGo
from referee.words.sentences import Voice


class Advice:
    """Verdicts in words and what the mover may do now, for one variant and any state given."""

    def __init__(self, rules: Rules, choices: Choices) -> None:
        self._rules = rules
        self.choices = choices
        self.variant = rules.variant
        self.voice: Voice = rules.fast.voice
        self._traits = rules.fast.traits

    def explain(self, s: State, step: Step) -> Verdict:
        """The verdict on a proposed step, citing RULES.md (R11.1). Changes nothing."""
        return self.worded(s, self._rules.judge(s, step))

    def explain_many(self, s: State, steps: Iterable[Step]) -> list[Verdict]:
        """The verdicts on several steps proposed at ``s``, as ``explain`` gives each: their
        refusals share one hint, worked out once (the costly part)."""
        verdict = self._wording(s)
        return [verdict(self._rules.judge(s, step)) for step in steps]

    def worded(self, s: State, j: Judgement, hint: str | None = None) -> Verdict:
        """A judgement at ``s`` in words.  ``hint`` (``self.hint(s)``, what may be done
        instead) when the caller has it already: every refusal at one position shares it, and
        it is the costly part (each card judged again), so a screen wording many verdicts of
        one step works it out once."""
        message = sentences.verdict_message(j.reason, j.facts, self.voice)
        if j.legal:
            return Verdict(True, j.rule, message, "", None, j.reason, j.facts)
        if hint is None:
            hint = sentences.GAME_IS_OVER if s.over else self.hint(s)
        instead = sentences.GAME_IS_OVER if s.over else hint
        return Verdict(False, j.rule, message, instead, j.field, j.reason, j.facts)

    def table(self, s: State, hint: str | None = None) -> TableChoices:
        """Every choice the table offers the mover at ``s`` (``Choices.table``, each judged),
        with the words of a judgement there (``_wording``: one hint for every refusal)."""
        mover = None if s.over else s.names[s.mover]
        return TableChoices(mover, tuple(self.choices.table(s)), self._wording(s, hint))

    def _wording(self, s: State, hint: str | None = None) -> Callable[[Judgement], Verdict]:
        """Words for the judgements at ``s``: every refusal there says the same "instead"
        (``hint``, if the caller has it), so it is worked out once, when first needed."""
        hints: list[str] = [] if hint is None else [hint]

        def verdict(j: Judgement) -> Verdict:
            if not j.legal and not hints:
                hints.append(sentences.GAME_IS_OVER if s.over else self.hint(s))
            return self.worded(s, j, hints[0] if hints else "")

        return verdict

    def hint(self, s: State) -> str:
        """What the player to move may do now, in plain words (R11.2)."""
        return sentences.hint(self.facts(s), self.voice)

    def facts(self, s: State) -> HintFacts:
        """The facts of what the player to move may do now (R11.2), for ``sentences.hint``: the
        legal set, read from the verdicts (``judge``, R4.3 included) on every card the mover
        may hold in the zone due, so the advice says exactly what ``judge`` allows and names
        no card the table knows they cannot have."""
        if s.over:
            return HintFacts(over=True, loser=s.loser)
        rules = self._rules
        by = s.names[s.mover]
        seat = s.seats[s.mover]
        zone = rules.zone_due(s, s.mover)
        held = seat.zone(zone)
        universe = tuple(c for c in self.variant.all_cards() if rules.possible(s, c, held) >= 1)
        counts = self.choices.playable(s, zone, universe)
        suited = self.choices.suited(s)
        return HintFacts(
            over=False,
            who=by,
            zone=zone,
            follow_up=s.follow_up,
            # No hand cards while a draw pile remains: the table cards wait (R3.2).
            locked=not s.follow_up and zone == "hand" and not seat.hand.count,
            restriction=s.restriction,
            value=rules.pile.top_value(s),
            pile=len(s.pile),
            # Cards whose play that may go names a chosen player (a condition held for it:
            # of the fewest copies that may go, or of more of them held, "only when two are
            # laid", ruling 152; or showing some suit, "only a red 4", issue 42).
            # Such a card is named by the suits that choose: "a red 4", "the 4 of hearts".
            chosen_player_cards=tuple(
                self._chooser_name(c, shown)
                for c, k in counts.items()
                if (shown := self._choosing(s, c, k, zone, suited))
            ),
            may=self._may_go(universe, counts),
            pick_up=rules.may_pick_up(s),
            pile_to=sent[0] if s.pending and (sent := pile_sent_to(s, by)) else "",
            # The starting card the first play must show (ruling 167), where one is told and
            # it may go.
            opening=(
                f"the {self.variant.suited_name(*s.opening)}"
                if s.first_play and s.opening is not None and s.opening[0] in counts
                else ""
            ),
            given=any(p.gives_pile and p.by != by for p in s.pending.values()),
            take=(take := rules.takes_face_up(s)),
            take_several=take and rules.takes_several,
            **{k: v for u in rules.zone_rules for k, v in u.hint(rules, s).items()},
        )

    def _choosing(
        self, s: State, card: Card, k: int, zone: ZoneName, suited: frozenset[Card]
    ) -> set[str | None]:
        """The suits shown (None: no suit) with which a play of ``card`` that may go names a
        chosen player now: of the fewest copies that may go (``k``), or of more of them held
        (ruling 152), showing each suit where its plays show one (issue 42)."""
        rules = self._rules
        most = max(
            k, min(rules.possible(s, card, s.seats[s.mover].zone(zone)), self.choices.most(card))
        )
        chooses = rules.needs[card].chooses_now
        return {
            suit
            for suit in ((None, *SUITS) if card in suited else (None,))
            if any(chooses(s, card, j, zone, suit) for j in range(k, most + 1))
        }

    def _chooser_name(self, card: Card, shown: set[str | None]) -> str:
        """A card that names a chosen player when its play shows a suit of ``shown`` (None: no
        suit), as the hint says it: "4" where any play of it chooses (with no suit shown, or
        each suit), else by the suits that do (issue 42): "a red 4", "the 4 of hearts", "a
        red 4 or the 4 of spades"."""
        v = self.variant
        if None in shown or shown.issuperset(SUITS) or not isinstance(card, int):
            return v.card_name(card)
        said: list[str] = []
        for colour in ("red", "black"):
            of = {x for x in SUITS if COLOURS[x] == colour}
            if of <= shown:
                said.append(f"a {v.suited_name(card, colour)}")
                shown = shown - of
        said += [f"the {v.suited_name(card, x)}" for x in SUITS if x in shown]
        return words.or_list(said)

    def _may_go(self, universe: tuple[Card, ...], counts: dict[Card, int]) -> MayGo:
        """The cards that may go (``counts``) beside those the mover may hold (``universe``),
        by kind, as the words need them, and how many must go together."""
        v = self.variant
        at_least = min(counts.values(), default=1)
        if len(counts) == len(universe) and at_least == 1:
            return MayGo(any=True)

        def wild(c: Card) -> bool:
            return isinstance(c, int) and self._traits[c].wild

        numbers = [c for c in universe if isinstance(c, int) and not wild(c)]
        specials = [c for c in universe if isinstance(c, str)]
        ranks = [c for c in universe if wild(c)]
        return MayGo(
            any=False,
            numbers=tuple(c for c in numbers if c in counts),
            all_numbers=tuple(numbers),
            karma=tuple(v.card_name(c) for c in specials if c in counts),
            all_karma=tuple(v.card_name(c) for c in specials),
            wild=tuple(v.card_name(c) for c in ranks if c in counts),
            all_wild=tuple(v.card_name(c) for c in ranks),
            at_least=at_least,
        )
