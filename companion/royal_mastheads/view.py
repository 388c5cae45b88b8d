"""«Королевское наказание» for the log session: the game's view (Flet-free).

A set is 10 deals (RM-SET). Each deal starts with the turned card (RM-DEAL-2) and is entered
either trick by trick — one card per tap, the engine checks follow-suit as far as the entries
allow and finds revokes when the proof arrives (RUL-RM-REVOKE) — and the last card fills the bank
by itself (RM-BANK: the 8 cards nobody played; :meth:`reopen_bank` to enter it by hand);
or after the deal by the cards each player took (RUL-RM-ORDER). The screens read names, card ids
and numbers here and send actions through the methods at the end; they compute nothing of the
game.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from engine import royal_mastheads as rm
from engine.core.actions import tag
from engine.core.errors import GameError, IllegalAction
from engine.core.reading import MAX_NAME, bad_name, quote
from engine.royal_mastheads.actions import action_from_json
from engine.royal_mastheads.cards import FULL_MASK, SUIT_SIGNS, cards_of

from ..core.game_view import Change, GameView, Imported, changed_end, changed_numbers, revokes_by_player, winner_name
from ..core.outcome import Notice, Outcome
from ..core.summary import Summary
from . import GAME
from .models import Bonus, DealResult, LastTrick, Live, SeatResult

DEALS = rm.DEALS
TRICKS = rm.TRICKS_PER_DEAL
SUIT_IDS = tuple(s.value for s in rm.SUITS)
RANK_IDS = rm.RANK_IDS
VARIANTS = tuple(v.value for v in rm.Variant)
BANK = "bank"  # the bank as an owner in the taken-cards entry


def card_id(suit: str, rank: int) -> str:
    return f"{suit}-{RANK_IDS[rank]}"


def card_text(cid: str, lang: str = "ru") -> str:
    """«Д♥» / «Q♥» for a card id."""
    c = rm.as_card(cid)
    return c.localize(lang) if c is not None else str(cid)


def rank_text(rank: int, lang: str = "ru") -> str:
    return (rm.RANK_RU if lang == "ru" else RANK_IDS)[rank]


def suit_sign(suit: str) -> str:
    return SUIT_SIGNS[SUIT_IDS.index(suit)]


def suit_text(suit: str, lang: str = "ru") -> str:
    return rm.Suit(suit).localize(lang)


_SIGN_WORDS = {"ru": {"♠": " пик", "♥": " черв", "♦": " бубн", "♣": " треф"},
               "en": {"♠": " of spades", "♥": " of hearts", "♦": " of diamonds", "♣": " of clubs"}}


def plain(text: str, lang: str = "ru") -> str:
    """``text`` with the suit signs as words, for places whose font lacks the signs (the shared
    notice bar): «Т♥» → «Т черв»; «червы ♥» → «червы»."""
    words = _SIGN_WORDS.get(lang, _SIGN_WORDS["en"])
    for sign, word in words.items():
        for name in ("пики", "червы", "бубны", "трефы", "spades", "hearts", "diamonds", "clubs"):
            text = text.replace(f"{name} {sign}", name)
        text = text.replace(sign, word)
    return text


def red(suit: str) -> bool:
    return suit in ("hearts", "diamonds")


class RoyalMastheadsView(GameView):
    game = GAME.id
    engine = rm  # GameView.apply: its LOG codec and apply
    format = rm.FORMAT
    end_rule = "RM-SET"

    # ---- the log session's questions -------------------------------------------------------
    def new_meta(self, players: Sequence[str], options: Mapping[str, Any]) -> dict | Notice:
        first = options.get("first_dealer", 0)
        variant = options.get("variant", rm.Variant.RUSSIAN.value)
        try:
            rm.new_set(players, first, variant)
        except IllegalAction as e:
            return Notice("refused", error=e)
        for p in players:  # what a record cannot hold, a game does not take
            if bad_name(p) is not None:
                return Notice("refused", "session.bad-name", {"name": quote(p), "limit": MAX_NAME})
        return {"players": list(players), "first_dealer": first if isinstance(first, str) else players[first],
                "variant": rm.Variant(variant).value}

    def start_state(self, meta: Mapping[str, Any]) -> rm.GameState:
        return rm.new_set(meta["players"], meta["first_dealer"], meta.get("variant", "russian"))

    def record(self, log: Sequence[dict], extra: Mapping[str, Any]) -> Any:
        start = self.start_state(self.session.meta)
        actions = [action_from_json(a, start.players) for a in log]
        return rm.record_to_json(rm.actions_to_record(start, actions, extra))

    def read_import(self, rec: rm.GameRecord) -> Imported:
        result = rm.replay_record(rec)
        start, actions = rm.record_actions(rec)
        return self.imported({"players": list(rec.players), "first_dealer": rec.first_dealer,
                              "variant": rec.variant.value}, [a for _, a in actions], rm.record_to_json(rec), result)

    def summarize(self, state: rm.GameState | None) -> Summary:
        return summarize(state)

    def diff(self, old: rm.GameState | None, new: rm.GameState) -> list[Change]:
        if old is None:
            return []
        players = new.players
        out = [c for a, b in zip(old.deals, new.deals)
               for c in changed_numbers("round-points", players, a.score.totals, b.score.totals, round=a.number)]
        return out + changed_end(old, new, old.totals, new.totals)

    def position(self, before: rm.GameState, action: Mapping[str, Any]) -> tuple[int, int]:
        d = before.deal
        if d is None:
            return len(before.deals) + (1 if action.get("type") == tag(rm.StartDeal) else 0), 0
        if action.get("type") in (tag(rm.Play), tag(rm.PlayTrick)):
            return d.number, d.trick_number
        return d.number, 0

    def over(self) -> bool:
        return self.state is not None and self.state.over

    # ---- reading the game ---------------------------------------------------------------------
    def phase(self) -> str:
        """"deal" (turn the next card), "play", "bank", "tie" (RUL-RM-SET-TIE) or "over"."""
        s = self.state
        if s is None:
            return "deal"
        if s.phase is rm.Phase.TIE and self.session.log and self.session.log[-1].get("type") == "another-deal":
            return "deal"  # RUL-RM-SET-TIE: the table chose one more deal
        return s.phase.value

    def variant(self) -> str:
        s = self.state
        return s.variant.value if s is not None else rm.Variant.RUSSIAN.value

    def variant_text(self) -> str:
        return rm.Variant(self.variant()).localize(self.lang)

    def deals_closed(self) -> int:
        return len(self.state.deals) if self.state is not None else 0

    def deal_number(self) -> int:
        """The deal running, or the next one to deal."""
        s = self.state
        if s is None:
            return 1
        return s.deal.number if s.deal is not None else len(s.deals) + 1

    def dealer(self) -> str | None:
        """Who deals the running or next deal (RM-DEAL-1)."""
        s = self.state
        if s is None:
            return None
        if s.deal is not None:
            return s.players[s.deal.dealer]
        return s.players[rm.dealer_of(s, len(s.deals) + 1)]

    def first_leader(self) -> str | None:
        """The player to the dealer's left, who leads the first trick (RM-LEAD)."""
        s = self.state
        if s is None:
            return None
        dealer = s.deal.dealer if s.deal is not None else rm.dealer_of(s, len(s.deals) + 1)
        return s.players[(dealer + 1) % rm.PLAYERS]

    def deal_started_by_tricks(self) -> bool:
        """Whether the running deal already has a card played (then it stays trick by trick)."""
        d = self.state.deal if self.state is not None else None
        return d is not None and bool(d.tricks or d.current)

    def live(self) -> Live | None:
        """The running deal: turned card, trump, mastheads, trick number, whose turn, the trick
        on the table (player, card id), tricks and running card points per player, the bank
        holder so far (RM-BANK, RUL-RM-BANK-TIE)."""
        s = self.state
        lv = rm.live(s) if s is not None else None
        if lv is None:
            return None
        d = s.deal
        current = tuple((s.players[(d.leader + i) % rm.PLAYERS], c.id) for i, c in enumerate(lv.current))
        return Live(
            deal=lv.deal, dealer=s.players[lv.dealer], turned=lv.turned.id, trump=lv.trump.value,
            masthead=lv.masthead, trick=lv.trick, to_play=s.players[lv.to_play] if lv.to_play is not None else None,
            current=current, tricks=dict(zip(s.players, lv.tricks)), points=dict(zip(s.players, lv.points)),
            bank_holder=s.players[lv.bank_holder] if lv.bank_holder is not None else None,
            bank_tie=lv.bank_holder is None and any(lv.tricks),
        )

    def seen(self) -> frozenset[str]:
        """Card ids already played this deal (greyed in the picker)."""
        s = self.state
        return frozenset(c.id for c in rm.seen_cards(s)) if s is not None else frozenset()

    def playable(self) -> tuple[str | None, frozenset[str], frozenset[str]]:
        """(led suit, card ids of the led suit the player may hold, other card ids they may hold)
        as far as the entries tell (RM-FOLLOW)."""
        s = self.state
        p = rm.playable(s) if s is not None else None
        if p is None:
            return None, frozenset(), frozenset()
        return (p.led.value if p.led is not None else None, frozenset(c.id for c in p.follow),
                frozenset(c.id for c in p.others))

    def unseen(self) -> list[str]:
        """The card ids not played this deal (after 11 tricks: the bank's 8, RM-BANK)."""
        s = self.state
        if s is None or s.deal is None:
            return []
        return [c.id for c in cards_of(FULL_MASK & ~(s.deal.seen | s.deal.bank_mask))]

    def last_trick(self) -> LastTrick | None:
        """The last finished trick of the running deal: number, cards (player, card id), the
        winner and the why, line by line with rule IDs (RM-LEAD, RM-FOLLOW, RM-WIN)."""
        s = self.state
        d = s.deal if s is not None else None
        if d is None or not d.tricks:
            return None
        t = d.tricks[-1]
        ex = rm.explain_trick(s)
        return LastTrick(number=t.number, cards=tuple((s.players[t.seat_of(i)], c.id) for i, c in enumerate(t.cards)),
                         winner=s.players[t.winner], why=tuple(ex.lines(self.lang)))

    def deal_result(self, number: int | None = None) -> DealResult | None:
        """The breakdown of closed deal ``number`` (default the last): per player the tricks,
        cards, card points by rule (RM-POINTS-NUM, -FACE, -ACE, -TRUMP), the bonus rows
        (RM-BONUS-…) and the deal total; who took the bank."""
        s = self.state
        if s is None or not s.deals:
            return None
        d = s.deals[(number or len(s.deals)) - 1]
        sc = d.score
        rows = []
        for p, seat in zip(s.players, sc.seats):
            cp = seat.card_points
            rows.append(SeatResult(player=p, tricks=seat.tricks, cards=seat.cards, num=cp.num, face=cp.face,
                                   ace=cp.ace, doubled=cp.doubled, card_points=cp.total,
                                   bonuses=tuple(Bonus(b.rule, b.points) for b in seat.bonuses), total=seat.total))
        return DealResult(number=d.number, dealer=s.players[d.dealer], turned=d.turned.id, trump=d.trump_suit.value,
                          masthead=d.masthead, entry=d.entry.value,
                          holder=s.players[sc.holder] if sc.holder is not None else None, rows=tuple(rows))

    def totals(self) -> dict[str, int]:
        s = self.state
        return dict(zip(s.players, s.totals)) if s is not None else {}

    def points_by_deal(self) -> list[dict[str, int]]:
        s = self.state
        return [dict(zip(s.players, d.score.totals)) for d in s.deals] if s is not None else []

    def tied(self) -> tuple[str, ...]:
        """The players sharing the highest total after the set, while the table chooses (RUL-RM-SET-TIE)."""
        s = self.state
        return tuple(s.players[i] for i in rm.tied(s)) if s is not None else ()

    def shared_win(self) -> tuple[str, ...]:
        s = self.state
        return tuple(s.players[i] for i in s.shared_win) if s is not None else ()

    # ---- the table's actions -----------------------------------------------------------------
    def _do(self, action: Any) -> tuple[Outcome, tuple]:
        """Apply an action; the outcome and the violations it added (a revoke found now)."""
        before = self.state
        out = self.do(action)
        found = rm.new_violations(before, self.state) if out.ok and before is not None else ()
        return out, found

    def start_deal(self, turned: str) -> Outcome:
        return self.do(rm.StartDeal(turned))

    def play(self, card: str) -> tuple[Outcome, tuple]:
        """One card. The 11th trick's last card also fills the bank by itself: the bank is the 8
        cards nobody played (RM-BANK), a normal entry of the log (:meth:`fill_bank`), so the deal
        closes at once; :meth:`reopen_bank` takes it back to enter the bank by hand."""
        out, found = self._do(rm.Play(card))
        if out.ok and self.phase() == "bank":
            filled, more = self.fill_bank()
            if filled.ok:
                return out, found + more
        return out, found

    def fill_bank(self) -> tuple[Outcome, tuple]:
        """Close the deal with the bank = the cards not played in the 11 tricks (RM-BANK); a
        corrected trick card later changes it too."""
        return self._do(rm.Bank())

    def bank(self, pairs: Mapping[str, Sequence[str]]) -> tuple[Outcome, tuple]:
        """The bank by hand, two cards per player (RM-BANK) — the correction of a filled bank."""
        return self._do(rm.Bank({p: list(pairs.get(p, ())) for p in self.players}))

    def bank_filled(self) -> bool:
        """Whether the last entry closed a deal with its bank (then :meth:`reopen_bank` can take
        it back while the next deal has not started)."""
        log = self.session.log
        return bool(log) and log[-1].get("type") == "bank"

    def reopen_bank(self) -> Outcome:
        """«Исправить банк»: take the last bank entry back (the deal returns to its bank, RM-BANK)."""
        return self.session.undo()

    def taken(self, owners: Mapping[str, str], holder: str | None = "rule") -> Outcome:
        """Close the deal by taken cards: ``owners`` maps card id → a player or :data:`BANK`;
        ``holder``: "rule" (RM-BANK decides), a player, or None (nobody)."""
        action = taken_action(owners, self.players, holder)
        return self.do(action)

    def taken_problem(self, owners: Mapping[str, str], holder: str | None = "rule") -> str | None:
        """Why these taken cards cannot close the deal (the engine's words with the rule ID), or None."""
        s = self.state
        if s is None:
            return None
        try:
            self.apply(s, self.entry(taken_action(owners, self.players, holder)))
        except GameError as e:
            return e.text(self.lang)
        return None

    def another_deal(self) -> Outcome:
        return self.do(rm.PlayAnotherDeal())

    def accept_shared_win(self) -> Outcome:
        return self.do(rm.AcceptSharedWin())


VIEW = RoyalMastheadsView


def taken_action(owners: Mapping[str, str], players: Sequence[str], holder: str | None = "rule") -> rm.TakenCards:
    """The ``taken`` action from a card → owner map (deck order within each owner)."""
    order = {c.id: i for i, c in enumerate(rm.CARDS)}
    cards = sorted(owners, key=lambda c: order.get(c, 99))
    return rm.TakenCards({p: [c for c in cards if owners[c] == p] for p in players},
                         [c for c in cards if owners[c] == BANK], rm.UNSET if holder == "rule" else holder)


def summarize(state: rm.GameState | None) -> Summary:
    """What the history and statistics need of a set, kept with it in the archive: points per
    deal in seat order, totals, the winner (None for a shared win: ``shared``), the variant and
    the revokes found per player."""
    if state is None:
        return Summary(GAME.id)
    return Summary(GAME.id, tuple(state.players), tuple(tuple(d.score.totals) for d in state.deals),
                   tuple(state.totals), winner_name(state), revokes=revokes_by_player(state.violations),
                   shared=tuple(state.players[i] for i in state.shared_win), variant=state.variant.value)
