"""The words of «Королевское наказание», Russian first, English second; registered at import of
the package.

Every key starts with ``rm.`` so it never meets another game's. Russian sentences avoid gendered
verb forms (a name does not tell the grammatical gender); counted nouns go through
:class:`engine.core.i18n.Count` and the CLDR plural forms of :data:`NOUNS`. The text of every
rule-bound message ends with its own rule ID (see :mod:`.rules`). In the Russian rulebook a deal
is «игра» and the 10 deals are «набор»; the words here follow it.
"""
from __future__ import annotations

from engine.core.i18n import register_messages, register_nouns

NOUNS = {
    "rm.card": {"ru": {"one": "карта", "few": "карты", "many": "карт", "other": "карты"},
                "en": {"one": "card", "other": "cards"}},
    "rm.trick": {"ru": {"one": "взятка", "few": "взятки", "many": "взяток", "other": "взятки"},
                 "en": {"one": "trick", "other": "tricks"}},
    "rm.point": {"ru": {"one": "очко", "few": "очка", "many": "очков", "other": "очка"},
                 "en": {"one": "point", "other": "points"}},
    "rm.deal-gen": {"ru": {"one": "игры", "few": "игр", "many": "игр", "other": "игры"},
                    "en": {"one": "deal", "other": "deals"}},
}

MESSAGES = {
    # --- refusals ---
    "rm.x.players-count": {
        "ru": "игроков {n}, а в эту игру играют вчетвером (RM-COMP)",
        "en": "{n} players; the game is for 4 players (RM-COMP)"},
    "rm.x.players-names": {
        "ru": "у игроков должны быть разные непустые имена (RM-COMP)",
        "en": "the players need different non-empty names (RM-COMP)"},
    "rm.x.first-dealer": {
        "ru": "первый сдатчик {value} не сидит за столом (RM-DEAL-1)",
        "en": "the first dealer {value} is not at the table (RM-DEAL-1)"},
    "rm.x.variant": {
        "ru": "неизвестный вариант правил {value}; есть {known} (RUL-RM-VARIANT)",
        "en": "unknown rules variant {value}; the variants are {known} (RUL-RM-VARIANT)"},
    "rm.x.not-a-card": {
        "ru": "{value} — не карта колоды: нужны масть и достоинство, например hearts-Q или clubs-A (RM-COMP)",
        "en": "{value} is not a card of the deck: a suit and a rank are needed, e.g. hearts-Q or clubs-A (RM-COMP)"},
    "rm.x.no-deal": {
        "ru": "игра ещё не начата: сначала сдатчик открывает верхнюю карту колоды, её масть — козырь (RM-DEAL-2)",
        "en": "no deal has started: first the dealer turns the top card, its suit is trump (RM-DEAL-2)"},
    "rm.x.deal-running": {
        "ru": "игра {deal} ещё не закончена: нужны все 11 взяток и банк (RM-TRICKS)",
        "en": "deal {deal} is not over yet: all 11 tricks and the bank are needed (RM-TRICKS)"},
    "rm.x.tricks-done": {
        "ru": "в игре {deal} больше нет взяток для ввода: их 11 (RM-TRICKS)",
        "en": "deal {deal} takes no more tricks: it has 11 (RM-TRICKS)"},
    "rm.x.turn-lead": {
        "ru": "первую взятку начинает игрок слева от сдатчика — {expected}, а не {player} (RM-LEAD)",
        "en": "the player to the dealer's left, {expected}, leads the first trick, not {player} (RM-LEAD)"},
    "rm.x.turn-winner-leads": {
        "ru": "взятку начинает тот, кто взял предыдущую, — {expected}, а не {player} (RM-WIN)",
        "en": "the winner of the previous trick, {expected}, leads this one, not {player} (RM-WIN)"},
    "rm.x.turn-next": {
        "ru": "сейчас ход игрока {expected}, а не {player}: карты кладут по очереди по часовой стрелке (RM-FOLLOW)",
        "en": "it is the turn of {expected}, not {player}: players play in turn clockwise (RM-FOLLOW)"},
    "rm.x.bank-early": {
        "ru": "банк вносится после последней, 11-й взятки, а сыграно взяток: {tricks} (RM-BANK)",
        "en": "the bank is entered after the 11th and last trick; tricks played: {tricks} (RM-BANK)"},
    "rm.x.bank-shape": {
        "ru": "в банк каждый игрок кладёт ровно две карты, банк вносится один раз: {detail} (RM-BANK)",
        "en": "each player puts exactly two cards into the bank, and the bank is entered once: {detail} (RM-BANK)"},
    "rm.x.taken-after-tricks": {
        "ru": "взятые карты вносятся вместо взяток, а взятки этой игры уже вносятся (сыграно: {tricks}) (RUL-RM-ORDER)",
        "en": "taken cards are entered instead of the tricks, and this deal's tricks are already being entered "
              "({tricks} played) (RUL-RM-ORDER)"},
    "rm.x.taken-shape": {
        "ru": "взятые карты нужны от каждого игрока ровно один раз, банк — списком карт: {detail} (RM-TRICKS)",
        "en": "the taken cards are needed for every player exactly once, the bank as a list of cards: {detail} (RM-TRICKS)"},
    "rm.x.no-tie": {
        "ru": "ничьей за наибольший итог сейчас нет — выбирать нечего (RUL-RM-SET-TIE)",
        "en": "there is no tie for the highest total now, so there is nothing to choose (RUL-RM-SET-TIE)"},
    "rm.x.set-over": {
        "ru": "набор окончен: новая игра не начата (RM-SET)",
        "en": "the set is over: no deal has started (RM-SET)"},
    # --- violations ---
    "rm.v.duplicate-card": {
        "ru": "карта {card} уже была в этой игре, а каждая карта в колоде одна (RM-COMP)",
        "en": "the card {card} was already in this deal; the deck holds each card once (RM-COMP)"},
    "rm.v.revoke": {
        "ru": "{player}: во взятке {trick} масть {suit} не поддержана, хотя карта этой масти была на руке — "
              "это доказывает {card} во взятке {proof_trick} (в руке за игру карт не прибавляется) (RM-FOLLOW, RUL-RM-REVOKE)",
        "en": "{player} did not follow {suit} in trick {trick} while holding a card of that suit — {card} "
              "in trick {proof_trick} proves it (a hand gains no cards during a deal) (RM-FOLLOW, RUL-RM-REVOKE)"},
    "rm.v.missing-cards": {
        "ru": "недостаёт: {count} ({cards}) — все 52 карты сдаются, и каждая взята или лежит в банке ровно один раз (RM-COMP)",
        "en": "{count} missing: {cards} — all 52 cards are dealt, and each is taken or in the bank exactly once (RM-COMP)"},
    "rm.v.trick-cards": {
        "ru": "у игрока {player} во взятках {cards} — число не делится на 4, а во взятке 4 карты (RM-TRICKS)",
        "en": "{player} has {cards} in tricks — not a multiple of 4, and a trick is 4 cards (RM-TRICKS)"},
    "rm.v.trick-count": {
        "ru": "во взятых картах {tricks}, а в игре 11 взяток (RM-TRICKS)",
        "en": "the taken cards make {tricks}; a deal has 11 tricks (RM-TRICKS)"},
    "rm.v.bank-size": {
        "ru": "в банке {cards}, а должно быть 8 — по две от каждого игрока (RM-BANK)",
        "en": "the bank holds {cards}; it should be 8, two from each player (RM-BANK)"},
    "rm.v.bank-holder": {
        "ru": "банк записан за «{entered}», а он переходит к игроку с наибольшим числом взяток — {player} ({tricks}) (RM-BANK)",
        "en": "the bank is entered for “{entered}”; it goes to the player with the most tricks, {player} ({tricks}) (RM-BANK)"},
    "rm.v.bank-holder-tie": {
        "ru": "банк записан за игроком {player}, но наибольшее число взяток у нескольких игроков — "
              "банк не достаётся никому (RUL-RM-BANK-TIE)",
        "en": "the bank is entered for {player}, but the most tricks are shared, so nobody takes the bank (RUL-RM-BANK-TIE)"},
    "rm.v.play-after-end": {
        "ru": "игра {deal} записана после конца набора: он окончен после игры {ended} (RM-SET)",
        "en": "deal {deal} is recorded after the end of the set: it ended after deal {ended} (RM-SET)"},
    # --- the trick explanation ---
    "rm.explain.lead-first": {
        "ru": "{player} начинает первую взятку (игрок слева от сдатчика, любой картой): {card}, масть хода — {suit} (RM-LEAD).",
        "en": "{player} leads the first trick (the player to the dealer's left, any card): {card}; the led suit is {suit} (RM-LEAD)."},
    "rm.explain.lead-winner": {
        "ru": "Предыдущая взятка — у игрока {player}, и эту взятку начинает тот же игрок: {card}, масть хода — {suit} (RM-WIN).",
        "en": "{player} won the previous trick and leads this one: {card}; the led suit is {suit} (RM-WIN)."},
    "rm.explain.follows": {
        "ru": "{player}: {card} — в масть хода ({suit}) (RM-FOLLOW).",
        "en": "{player}: {card} — follows suit ({suit}) (RM-FOLLOW)."},
    "rm.explain.trumps": {
        "ru": "{player}: {card} — козырь; так можно, только если нет карт масти {suit} (RM-FOLLOW).",
        "en": "{player}: {card} — a trump; allowed only with no card of {suit} (RM-FOLLOW)."},
    "rm.explain.discards": {
        "ru": "{player}: {card} — не в масть и не козырь, взять не может; так можно, только если нет карт масти {suit} (RM-FOLLOW).",
        "en": "{player}: {card} — neither the led suit nor a trump, so it cannot win; allowed only with no card of {suit} (RM-FOLLOW)."},
    "rm.explain.led-trump": {
        "ru": "Ход с козыря ({suit}): берёт старший козырь (RM-WIN).",
        "en": "Trumps ({suit}) were led: the highest trump wins (RM-WIN)."},
    "rm.explain.trump-in": {
        "ru": "Во взятке есть козыри ({suit}): берёт старший козырь (RM-WIN).",
        "en": "The trick holds trumps ({suit}): the highest trump wins (RM-WIN)."},
    "rm.explain.no-trump": {
        "ru": "Козырей ({trump}) во взятке нет: берёт старшая карта масти хода ({suit}) (RM-WIN).",
        "en": "No trump ({trump}) in the trick: the highest card of the led suit ({suit}) wins (RM-WIN)."},
    "rm.explain.order": {
        "ru": "Старшинство: {cards} (RM-COMP).",
        "en": "By rank: {cards} (RM-COMP)."},
    "rm.explain.order-ace": {
        "ru": "Старшинство: {cards} — туз младше двойки (RM-COMP).",
        "en": "By rank: {cards} — the ace is below the two (RM-COMP)."},
    "rm.explain.winner": {
        "ru": "Взятку берёт {player} ({card}) и начинает следующую (RM-WIN).",
        "en": "{player} wins the trick with {card} and leads the next (RM-WIN)."},
    # --- record errors (inside the shared "r.where") ---
    "rm.r.card": {
        "ru": "{value} — не карта колоды: нужно «масть-достоинство», масти {suits}, достоинства {ranks}",
        "en": "{value} is not a card of the deck: “suit-rank” is needed, suits {suits}, ranks {ranks}"},
    "rm.r.variant": {
        "ru": "неизвестный вариант {value}; есть {known}",
        "en": "unknown variant {value}; the variants are {known}"},
    "rm.r.deal-both": {
        "ru": "игра записывается либо взятками («tricks»), либо взятыми картами («taken»), но не тем и другим сразу",
        "en": "a deal is either tricks (“tricks”) or taken cards (“taken”), not both"},
    "rm.r.trick-size": {
        "ru": "во взятке {count} карт, а нужно от 1 до 4 (меньше 4 — только последняя взятка незаконченной игры)",
        "en": "a trick of {count} cards; 1 to 4 are needed (fewer than 4 only in the last trick of an unfinished deal)"},
    "rm.r.tricks-many": {
        "ru": "взяток {count}, а в игре их 11",
        "en": "{count} tricks; a deal has 11"},
    "rm.r.incomplete": {
        "ru": "игра не закончена ({detail}), а после неё записаны другие: незаконченной может быть только последняя",
        "en": "the deal is not finished ({detail}) but others follow it: only the last deal may be unfinished"},
    "rm.r.per-player": {
        "ru": "нет игрока {player}: нужен каждый игрок",
        "en": "the player {player} is missing: every player is needed"},
    "rm.r.shared-win": {
        "ru": "«shared_win» может быть только true и только в конце набора с ничьей",
        "en": "“shared_win” can only be true, and only at the end of a set with a tie"},
    # --- the replay report ---
    "rm.report.title": {"ru": "«Королевское наказание» — запись набора: {players}",
                        "en": "«Королевское наказание» (Royal Mastheads) — set record: {players}"},
    "rm.report.variant": {"ru": "Правила: {variant}.", "en": "Rules: {variant}."},
    "rm.report.deal": {"ru": "Игра", "en": "Deal"},
    "rm.report.dealer": {"ru": "Сдаёт", "en": "Dealer"},
    "rm.report.turned": {"ru": "Открыта", "en": "Turned"},
    "rm.report.bank": {"ru": "Банк", "en": "Bank"},
    "rm.report.nobody": {"ru": "никому", "en": "nobody"},
    "rm.report.total": {"ru": "Итого", "en": "Total"},
    "rm.report.extra": {"ru": "доп.", "en": "extra"},
    "rm.report.in-progress": {"ru": "Идёт игра {deal}: сыграно взяток — {tricks}.",
                              "en": "Deal {deal} in progress: {tricks} tricks played."},
    "rm.report.legend": {
        "ru": "В клетках: очки за карты + бонусы = итог игры (RM-POINTS, RM-BONUS); банк — кому он достался (RM-BANK).",
        "en": "Cells: card points + bonuses = the deal's total (RM-POINTS, RM-BONUS); bank — who took it (RM-BANK)."},
    "rm.report.bonuses": {"ru": "Бонусы (RM-BONUS):", "en": "Bonuses (RM-BONUS):"},
    "rm.report.winner": {
        "ru": "Победитель: {player} — наибольший итог ({points}) после {deals} (RM-SET).",
        "en": "Winner: {player} — the highest total ({points}) after {deals} (RM-SET)."},
    "rm.report.shared": {
        "ru": "Общая победа: {players} — по {points}; стол принял ничью (RUL-RM-SET-TIE).",
        "en": "A shared win: {players} — {points} each; the table accepted the tie (RUL-RM-SET-TIE)."},
    "rm.report.tie": {
        "ru": "Ничья за наибольший итог ({points}): {players}. Стол выбирает: сыграть ещё одну игру или принять общую победу (RUL-RM-SET-TIE).",
        "en": "A tie for the highest total ({points}): {players}. The table chooses: one more deal, or a shared win (RUL-RM-SET-TIE)."},
    "rm.report.unfinished": {
        "ru": "Набор не окончен: сыграно игр — {played} из {deals} (RM-SET).",
        "en": "The set is not over: {played} of {deals} deals played (RM-SET)."},
    "rm.report.no-violations": {"ru": "Нарушений нет.", "en": "No violations."},
    "rm.report.violations": {"ru": "Найдено нарушений: {n}.", "en": "Violations found: {n}."},
    "rm.report.where": {"ru": "игра {deal}", "en": "deal {deal}"},
    "rm.report.where-trick": {"ru": "игра {deal}, взятка {trick}", "en": "deal {deal}, trick {trick}"},
}


def register() -> None:
    register_nouns(NOUNS)
    register_messages(MESSAGES)
