"""The words of «Козырные киты», in Russian (first) and English.

This game's messages (explanations, violations, refusals, record errors), its counted nouns
and the names of its cards, families and token sides, registered with the shared
:mod:`engine.core.i18n` (which renders them and takes plural forms from Babel).
"""
from __future__ import annotations

from typing import Mapping

from ..core.i18n import DEFAULT_LANG, LANGS, Count, count_text, render  # noqa: F401 — this game's words, one import
from ..core.i18n import register_localizer, register_messages, register_nouns
from .cards import Card, Family, Token

FAMILY_NAMES: Mapping[str, Mapping[Family, str]] = {
    "ru": {Family.ORCA: "косатка", Family.NARWHAL: "нарвал", Family.BLUE: "синий кит", Family.SPERM: "кашалот"},
    "en": {Family.ORCA: "orca", Family.NARWHAL: "narwhal", Family.BLUE: "blue whale", Family.SPERM: "sperm whale"},
}


NOUNS: Mapping[str, Mapping[str, Mapping[str, str]]] = {
    # nominative/accusative after a number
    "point": {"ru": {"one": "очко", "few": "очка", "many": "очков", "other": "очка"},
              "en": {"one": "point", "other": "points"}},
    "pearl": {"ru": {"one": "жемчужина", "few": "жемчужины", "many": "жемчужин", "other": "жемчужины"},
              "en": {"one": "pearl", "other": "pearls"}},
    # genitive after «после»
    "trick_gen": {"ru": {"one": "взятки", "few": "взяток", "many": "взяток", "other": "взятки"},
                  "en": {"one": "trick", "other": "tricks"}},
    "trick": {"ru": {"one": "взятка", "few": "взятки", "many": "взяток", "other": "взятки"},
              "en": {"one": "trick", "other": "tricks"}},
    "bonus": {"ru": {"one": "бонус", "few": "бонуса", "many": "бонусов", "other": "бонуса"},
              "en": {"one": "bonus", "other": "bonuses"}},
}


def family_name(f: Family, lang: str) -> str:
    return FAMILY_NAMES[lang][f]


def card_name(card: Card, lang: str) -> str:
    if card.family is None:
        return "5"
    return f"{family_name(card.family, lang)} {card.value}"


# One entry per message key: {"ru": ..., "en": ...}. Russian sentences avoid gendered verb
# forms, because a player's name does not tell us the grammatical gender.
MESSAGES: dict[str, dict[str, str]] = {
    # ---- trick explanation (R-WIN-…) -------------------------------------------------------
    "explain.start": {
        "ru": "В начале взятки козырь — {trump}, жетон на стороне «{token}» (R-TOKEN).",
        "en": "At the start of the trick trump is {trump}, the token shows “{token}” (R-TOKEN).",
    },
    "explain.bonus_trump": {
        "ru": "{player} использует бонус «{card}»: козырь теперь {family}, жетон той же стороной (R-BONUS-TRUMP).",
        "en": "{player} uses the bonus {card}: trump is now {family}, the token keeps its side (R-BONUS-TRUMP).",
    },
    "explain.bonus_same_trump": {
        "ru": "{player} использует бонус «{card}» на семейство {family}, которое уже козырь: ничего не меняется, карта уходит в сброс (RUL-BONUS-SAME-TRUMP).",
        "en": "{player} uses the bonus {card} naming {family}, which is already trump: nothing changes, the card is discarded (RUL-BONUS-SAME-TRUMP).",
    },
    "explain.bonus_flip": {
        "ru": "{player} использует бонус «{card}»: жетон перевёрнут на «{token}» (R-BONUS-FLIP).",
        "en": "{player} uses the bonus {card}: the token is flipped to “{token}” (R-BONUS-FLIP).",
    },
    "explain.bonus_pearl": {
        "ru": "{player} использует бонус «{card}»: +1 жемчужина в свою стопку (R-BONUS-PEARL).",
        "en": "{player} uses the bonus {card}: +1 pearl into their own pile (R-BONUS-PEARL).",
    },
    "explain.in_force": {
        "ru": "Взятку решают козырь {trump} и жетон «{token}»: побеждает {which} карта (R-TOKEN, R-BONUS).",
        "en": "The trick is decided with trump {trump} and token “{token}”: the {which} card wins (R-TOKEN, R-BONUS).",
    },
    "explain.which.9": {"ru": "старшая", "en": "highest"},
    "explain.which.1": {"ru": "младшая", "en": "lowest"},
    "explain.led": {
        "ru": "Первая карта — «{card}» ({player}): семейство хода — {family} (R-TRICK-1).",
        "en": "The first card is {card} ({player}): the led family is {family} (R-TRICK-1).",
    },
    "explain.led_after_five": {
        "ru": "Первой сыграна пятёрка ({player}); семейство хода задаёт первая карта кита после неё — «{card}» ({player2}): {family} (R-FIVE-2, RUL-FIVE-LED-FOLLOW).",
        "en": "A 5 was led ({player}); the led family comes from the first whale card after it — {card} ({player2}): {family} (R-FIVE-2, RUL-FIVE-LED-FOLLOW).",
    },
    "explain.all_fives": {
        "ru": "Во взятке только пятёрки: её берёт тот, кто сыграл первую карту, — {player} (R-FIVE-3).",
        "en": "Only 5s were played: the player of the first card takes the trick — {player} (R-FIVE-3).",
    },
    "explain.five_takes": {
        "ru": "Пятёрка игрока {player} становится картой семейства {family} (R-FIVE-2).",
        "en": "{player}'s 5 becomes a card of the {family} family (R-FIVE-2).",
    },
    "explain.five_is_trump": {
        "ru": "Пятёрка игрока {player} становится картой семейства {family}, а оно козырное: это козырь достоинством 5 (R-FIVE-2, RUL-FIVE-TRUMP).",
        "en": "{player}'s 5 becomes a {family} card, and {family} is trump: it is a trump of value 5 (R-FIVE-2, RUL-FIVE-TRUMP).",
    },
    "explain.trumps_played": {
        "ru": "Сыграны козыри ({family}), поэтому спорят только они (R-WIN-{token}).",
        "en": "Trumps ({family}) were played, so only they compete (R-WIN-{token}).",
    },
    "explain.no_trumps": {
        "ru": "Козырей ({trump}) нет: спорят карты семейства хода — {family} (R-WIN-{token}).",
        "en": "No trump ({trump}) was played: the cards of the led family compete — {family} (R-WIN-{token}).",
    },
    "explain.lose_third": {
        "ru": "{player}, «{card}»: ни козырь, ни семейство хода — выиграть не может (R-WIN-{token}).",
        "en": "{player}, {card}: neither trump nor the led family — it cannot win (R-WIN-{token}).",
    },
    "explain.lose_not_trump": {
        "ru": "{player}, «{card}»: семейство хода, но не козырь, а козырь сыгран (R-WIN-{token}).",
        "en": "{player}, {card}: the led family but not trump, and a trump was played (R-WIN-{token}).",
    },
    "explain.lose_lower": {
        "ru": "{player}, «{card}»: младше, чем «{best}» (R-WIN-9).",
        "en": "{player}, {card}: lower than {best} (R-WIN-9).",
    },
    "explain.lose_higher": {
        "ru": "{player}, «{card}»: старше, чем «{best}» (R-WIN-1).",
        "en": "{player}, {card}: higher than {best} (R-WIN-1).",
    },
    "explain.lose_tie": {
        "ru": "{player}, «{card}»: равна карте «{best}», но сыграна позже (RUL-TIE-CARDS).",
        "en": "{player}, {card}: equal to {best} but played later (RUL-TIE-CARDS).",
    },
    "explain.lose_all_fives": {
        "ru": "{player}, 5: сыграна не первой (R-FIVE-3).",
        "en": "{player}, 5: not the first card (R-FIVE-3).",
    },
    "explain.winner": {
        "ru": "Взятку берёт {player} — «{card}».",
        "en": "{player} takes the trick with {card}.",
    },
    # ---- violations found in a record or at the table ----------------------------------------
    "v.revoke": {
        "ru": "{player}: во взятке {trick} не сыграна карта семейства хода ({family}) (R-TRICK-2), хотя во взятке {proof_trick} из руки сыграна карта «{card}» — значит, карта этого семейства была на руке (RUL-REVOKE).",
        "en": "{player} did not follow the led family ({family}) in trick {trick} (R-TRICK-2), yet played {card} from hand in trick {proof_trick}, so they held that family (RUL-REVOKE).",
    },
    "v.duplicate-card": {
        "ru": "Карта «{card}» встречается в этом раунде второй раз (R-COMP).",
        "en": "{card} appears a second time in this round (R-COMP).",
    },
    "v.duplicate-five": {
        "ru": "Пятёрок в этом раунде больше четырёх (R-COMP).",
        "en": "More than four 5s in this round (R-COMP).",
    },
    "v.five-in-two-player": {
        "ru": "В игре вдвоём пятёрки убирают из колоды (R-SETUP-1).",
        "en": "In a two-player game the 5s are removed from the deck (R-SETUP-1).",
    },
    "v.five-as-bonus": {
        "ru": "{player}: пятёрка не может быть первым бонусом — у неё нет бонуса (RUL-FIVE-BONUS).",
        "en": "{player}: a 5 cannot be a first bonus — it has no bonus (RUL-FIVE-BONUS).",
    },
    "v.turn-order": {
        "ru": "Сейчас ход игрока {expected}, а не {player}: карты играют по часовой стрелке от первого игрока (R-TRICK-1).",
        "en": "It is {expected}'s turn, not {player}'s: cards are played clockwise from the leader (R-TRICK-1).",
    },
    "v.turn-order-twice": {
        "ru": "{player}: вторая карта в одной взятке (R-TRICK-1).",
        "en": "{player} plays a second card in the same trick (R-TRICK-1).",
    },
    "v.turn-order-missing": {
        "ru": "Во взятке нет карты от: {players} (R-TRICK-1).",
        "en": "No card in this trick from: {players} (R-TRICK-1).",
    },
    "v.wrong-leader": {
        "ru": "Эту взятку начинает {expected} ({rule}), а первая карта — от игрока {player}.",
        "en": "{expected} leads this trick ({rule}), but the first card came from {player}.",
    },
    "v.wrong-next-leader": {
        "ru": "Следующую взятку начинает победитель {expected} (R-REWARD-4), а указан {player}.",
        "en": "The winner {expected} leads the next trick (R-REWARD-4), but {player} was named.",
    },
    "v.reward-own-card": {
        "ru": "Победитель взятки ({player}) не может выбрать собственную карту «{card}» (R-REWARD-1).",
        "en": "The winner ({player}) cannot choose their own card {card} (R-REWARD-1).",
    },
    "v.reward-not-in-trick": {
        "ru": "Карты «{card}» нет среди карт других игроков в этой взятке (R-REWARD-1).",
        "en": "{card} is not among the other players' cards in this trick (R-REWARD-1).",
    },
    "v.missing-next-leader": {
        "ru": "Во взятке сыграна пятёрка, а наградой выбрана другая карта: {chooser} называет, кто начинает следующую взятку (R-FIVE-LEAD), — это не записано.",
        "en": "A 5 was played and another card was chosen: {chooser} names who leads the next trick (R-FIVE-LEAD), and that is not recorded.",
    },
    "v.bonus-not-available": {
        "ru": "Бонуса «{card}» сейчас нет перед игроком {player} (R-TRICK-3).",
        "en": "{player} has no bonus {card} lying in front of them now (R-TRICK-3).",
    },
    "v.round-length-more": {
        "ru": "В раунде не может быть больше 8 взяток (R-SCORE-1).",
        "en": "A round has no more than 8 tricks (R-SCORE-1).",
    },
    "v.round-length-fewer": {
        "ru": "Раунд {round} закончен после {tricks} вместо 8 (R-SCORE-1).",
        "en": "Round {round} ended after {tricks} instead of 8 (R-SCORE-1).",
    },
    "v.play-after-end": {
        "ru": "Игра уже окончена после раунда {ended} (R-END): раунд {round} лишний.",
        "en": "The game already ended after round {ended} (R-END): round {round} is extra.",
    },
    # ---- refusals at the table (live play only) ---------------------------------------------
    "x.no-round": {
        "ru": "Раунд ещё не начат: сначала козырь, жетон и первые бонусы (R-SETUP).",
        "en": "No round has started: first the trump, the token and the first bonuses (R-SETUP).",
    },
    "x.round-running": {
        "ru": "Раунд ещё идёт: сыграно {tricks} из 8 (R-SCORE-1).",
        "en": "The round is still running: {tricks} of 8 played (R-SCORE-1).",
    },
    "x.game-over": {
        "ru": "Игра окончена: победитель — {player} (R-END).",
        "en": "The game is over: {player} won (R-END).",
    },
    "x.await-reward": {
        "ru": "Сначала {player} выбирает награду за взятку (R-REWARD-1).",
        "en": "First {player} chooses the reward for the trick (R-REWARD-1).",
    },
    "x.await-leader": {
        "ru": "Сначала {player} называет, кто начинает следующую взятку (R-FIVE-LEAD).",
        "en": "First {player} names who leads the next trick (R-FIVE-LEAD).",
    },
    "x.trick-not-complete": {
        "ru": "Взятка ещё не сыграна: ход игрока {player} (R-TRICK-1).",
        "en": "The trick is not complete: it is {player}'s turn (R-TRICK-1).",
    },
    "x.no-leader-choice": {
        "ru": "Сейчас некому выбирать первого игрока: это бывает, только если во взятке была пятёрка и её не выбрали (R-FIVE-LEAD).",
        "en": "There is no leader to choose now: that only happens after a 5 that was not chosen (R-FIVE-LEAD).",
    },
    "x.bonus-not-your-turn": {
        "ru": "{player} может использовать бонус только в свой ход, перед своей картой (R-TRICK-3). Сейчас ход игрока {expected}.",
        "en": "{player} may use a bonus only on their own turn, before their card (R-TRICK-3). It is {expected}'s turn.",
    },
    "x.bonus-family-needed": {
        "ru": "На бонусе «{card}» несколько семейств ({families}): выберите одно (R-BONUS-TRUMP).",
        "en": "The bonus {card} shows several families ({families}): choose one (R-BONUS-TRUMP).",
    },
    "x.bonus-family-wrong": {
        "ru": "На бонусе «{card}» нет семейства {family} (R-BONUS-TRUMP).",
        "en": "The bonus {card} does not show {family} (R-BONUS-TRUMP).",
    },
    "x.five-has-no-bonus": {
        "ru": "У пятёрки нет бонуса (RUL-FIVE-BONUS).",
        "en": "A 5 has no bonus (RUL-FIVE-BONUS).",
    },
    "x.five-has-no-facts": {
        "ru": "На пятёрке нет ни жемчужин, ни бонуса (RUL-FIVE-BONUS).",
        "en": "A 5 shows no pearls and no bonus (RUL-FIVE-BONUS).",
    },
    "x.draw-five": {
        "ru": "Вытянута пятёрка: она не задаёт козырь — тяните другую карту (R-SETUP-2).",
        "en": "A 5 was drawn: it sets no trump — draw another card (R-SETUP-2).",
    },
    "x.setup-trump": {
        "ru": "Для раунда нужны козырное семейство и сторона жетона (R-SETUP-2).",
        "en": "A round needs the trump family and the token's side (R-SETUP-2).",
    },
    "x.bonuses-per-player": {
        "ru": "Каждый игрок выкладывает ровно один первый бонус (R-SETUP-4).",
        "en": "Each player places exactly one first bonus (R-SETUP-4).",
    },
    "x.players-count": {
        "ru": "Играют от 2 до 4 игроков (R-SETUP-1), а не {n}.",
        "en": "The game is for 2 to 4 players (R-SETUP-1), not {n}.",
    },
    "x.players-names": {
        "ru": "Имена игроков должны быть непустыми и разными (R-SETUP-1).",
        "en": "Player names must be non-empty and different (R-SETUP-1).",
    },
    "x.unknown-player": {
        "ru": "Игрока «{player}» нет за этим столом (R-SETUP-1).",
        "en": "There is no player “{player}” at this table (R-SETUP-1).",
    },
    "x.tally": {
        "ru": "В подсчёте нужны для каждого игрока целые неотрицательные числа: жемчужины и неиспользованные бонусы (R-SCORE-2).",
        "en": "A tally needs whole non-negative numbers for every player: pearls and unused bonuses (R-SCORE-2).",
    },
    "x.target": {
        "ru": "Цель игры — целое число очков больше нуля (R-END), а не {target}.",
        "en": "The target must be a whole number of points above zero (R-END), not {target}.",
    },
    "fact.pearls": {
        "ru": "Сколько жемчужин на карте «{card}»? Это нужно для награды (R-REWARD-1).",
        "en": "How many pearls does {card} show? The reward needs it (R-REWARD-1).",
    },
    "fact.bonus": {
        "ru": "Какой бонус на карте «{card}»? Это нужно, чтобы его применить (R-BONUS).",
        "en": "Which bonus does {card} show? It is needed to apply it (R-BONUS).",
    },
    # ---- the replay report ------------------------------------------------------------------
    "report.title": {"ru": "Козырные киты — запись игры: {players}", "en": "Козырные киты (Trump Whales) — game record: {players}"},
    "report.round": {"ru": "Раунд", "en": "Round"},
    "report.tallied": {"ru": "подсчёт", "en": "tallied"},
    "report.running": {"ru": "идёт", "en": "running"},
    "report.total": {"ru": "Итого", "en": "Total"},
    "report.winner": {"ru": "Победитель: {player} (R-END).", "en": "Winner: {player} (R-END)."},
    "report.unfinished": {"ru": "Игра не окончена: цель — {target}.", "en": "The game is not over: the target is {target}."},
    "report.cell": {"ru": "{points} ({pearls}+{pairs})", "en": "{points} ({pearls}+{pairs})"},
    "report.legend": {
        "ru": "В клетке: очки раунда (жемчужины + пары неиспользованных бонусов, R-SCORE-2).",
        "en": "Each cell: round points (pearls + pairs of unused bonuses, R-SCORE-2).",
    },
    "report.violations": {"ru": "Нарушения ({n}):", "en": "Violations ({n}):"},
    "report.no_violations": {"ru": "Нарушений нет.", "en": "No violations."},
    "report.where": {"ru": "раунд {round}, взятка {trick}", "en": "round {round}, trick {trick}"},
    "report.where_round": {"ru": "раунд {round}", "en": "round {round}"},
    # ---- game record errors (exit status 2) -----------------------------------------------------
    "r.card": {"ru": "неизвестная карта {value}", "en": "unknown card id {value}"},
    "r.family": {"ru": "неизвестное семейство {value}", "en": "unknown family {value}"},
    "r.per-player": {
        "ru": "нужно ровно по одному значению на каждого игрока",
        "en": "exactly one entry per player is needed",
    },
    "r.round-kind": {
        "ru": "раунд должен быть либо сыгранным (trump, token, bonuses, leader, tricks), либо подсчитанным (tally)",
        "en": "a round is either played (trump, token, bonuses, leader, tricks) or tallied (tally)",
    },
    "r.reward-missing": {
        "ru": "у взятки нет награды «reward», а она не последняя в записи",
        "en": "the trick has no “reward” but it is not the last one in the record",
    },
    "r.incomplete": {
        "ru": "незаконченная взятка может быть только последней в записи",
        "en": "only the last trick of the record may be incomplete",
    },
    "r.fact": {
        "ru": "в колоде («deck») не указано {what} карты {card}, а без этого взятку не посчитать",
        "en": "the deck does not give {what} of {card}, and the replay needs it",
    },
    "r.fact.pearls": {"ru": "число жемчужин", "en": "the pearls"},
    "r.fact.bonus": {"ru": "бонус", "en": "the bonus"},
    "r.bonus-family": {
        "ru": "для бонуса {card} нужно указать одно из семейств {families}",
        "en": "the bonus {card} needs one of its families named: {families}",
    },
    "r.empty-plays": {"ru": "во взятке нет ни одной карты", "en": "the trick has no plays"},
    "r.five-bonus": {"ru": "у пятёрки нет бонуса (RUL-FIVE-BONUS)", "en": "a 5 has no bonus (RUL-FIVE-BONUS)"},
}


register_nouns(NOUNS)
register_messages(MESSAGES)
register_localizer(Card, card_name)
register_localizer(Family, family_name)
register_localizer(Token, lambda t, lang: str(int(t)))
