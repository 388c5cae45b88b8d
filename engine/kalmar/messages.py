"""The words of «Кальмар», Russian first, English second; registered at import of the package.

Every key starts with ``kl.`` so it never meets another game's. Russian sentences avoid gendered
verb forms (a name does not tell the grammatical gender) and name cards in the nominative
(«зелёная 7», after a dash or in parentheses); counted nouns go through
:class:`engine.core.i18n.Count` and the CLDR plural forms of :data:`NOUNS`. The text of every
rule-bound message names its own rule ID (see :mod:`.rules`).
"""
from __future__ import annotations

from engine.core.i18n import register_messages, register_nouns

NOUNS = {
    "kl.card": {"ru": {"one": "карта", "few": "карты", "many": "карт", "other": "карты"},
                "en": {"one": "card", "other": "cards"}},
    "kl.turn": {"ru": {"one": "ход", "few": "хода", "many": "ходов", "other": "хода"},
                "en": {"one": "turn", "other": "turns"}},
    "kl.win": {"ru": {"one": "победа", "few": "победы", "many": "побед", "other": "победы"},
               "en": {"one": "win", "other": "wins"}},
}

MESSAGES = {
    # --- input that cannot be applied at all ---
    "kl.x.players-count": {
        "ru": "игроков {n}, а приложение ведёт игру от {low} до {high} игроков: каждому раздают по 8 карт "
              "(KL-SETUP-1, RUL-KL-PLAYERS)",
        "en": "{n} players; the app keeps a game of {low} to {high} players: each is dealt 8 cards "
              "(KL-SETUP-1, RUL-KL-PLAYERS)"},
    "kl.x.players-names": {
        "ru": "у игроков должны быть разные непустые имена (KL-SETUP-1)",
        "en": "the players need different non-empty names (KL-SETUP-1)"},
    "kl.x.dealer": {
        "ru": "сдающий {dealer} не сидит за столом (KL-START)",
        "en": "the dealer {dealer} is not at the table (KL-START)"},
    "kl.x.unknown-player": {
        "ru": "игрок {player} не сидит за столом (KL-START)",
        "en": "the player {player} is not at the table (KL-START)"},
    "kl.x.bad-card": {
        "ru": "{value} — такой карты в игре нет: бывают цифры 0–9 и карты организаторов четырёх цветов "
              "(малиновый, зелёный, голубой, жёлтый) и синие карты организаторов без цвета (KL-COMP)",
        "en": "{value} is not a card of the game: there are digits 0–9 and organizer cards in four colours "
              "(crimson, green, light blue, yellow) and blue organizer cards with no colour (KL-COMP)"},
    "kl.x.first-put-back": {
        "ru": "первая открытая карта — {card}: её кладут обратно в середину колоды и открывают следующую; "
              "введите ту карту, что открыта вместо неё (RUL-KL-FIRST-BLUE)",
        "en": "the first card turned up is {card}: it goes back into the middle of the draw pile and the next "
              "card is turned up; enter the card turned up instead (RUL-KL-FIRST-BLUE)"},
    "kl.x.first-colour": {
        "ru": "первая открытая карта — {card}; цвет называет сдающий, и только для «Выбери цвет» и «Возьми 4 "
              "карты…», тогда он обязателен (введено: {value}) (RUL-KL-FIRST-BLUE)",
        "en": "the first card turned up is {card}; the dealer names a colour for «Выбери цвет» and «Возьми 4 "
              "карты…» only, and then it is required (entered: {value}) (RUL-KL-FIRST-BLUE)"},
    "kl.x.named-colour": {
        "ru": "сыграна карта {card}; цвет называют только с «Выбери цвет» и «Возьми 4 карты…», и тогда он "
              "обязателен (введено: {value}) (KL-FX-COLOUR)",
        "en": "{card} was played; a colour is named with «Выбери цвет» and «Возьми 4 карты…» only, and then it "
              "is required (entered: {value}) (KL-FX-COLOUR)"},
    "kl.x.swap-with": {
        "ru": "«Обмен картами» — нужен другой игрок, с которым меняются картами, и только для этой карты "
              "(введено: {value}) (KL-FX-SWAP)",
        "en": "«Обмен картами» (swap hands) needs the other player of the swap, and only that card takes one "
              "(entered: {value}) (KL-FX-SWAP)"},
    "kl.x.order-card": {
        "ru": "«Отдать приказ» — нужна названная карта игры: цвет и цифра, цвет и картинка организатора или "
              "синяя картинка; только эта карта называет карту (введено: {value}) (RUL-KL-ORDER)",
        "en": "«Отдать приказ» (give an order) needs the named card, a card of the game: a colour and a digit, "
              "a colour and an organizer picture, or a blue picture; only that card names one "
              "(entered: {value}) (RUL-KL-ORDER)"},
    "kl.x.draw-count": {
        "ru": "взято карт: {value} — нужно целое число не меньше 1 (KL-DRAW)",
        "en": "{value} cards drawn: it takes a whole number of at least 1 (KL-DRAW)"},
    "kl.x.no-game": {
        "ru": "сначала новая игра: игроки, сдающий и первая открытая карта; следующая игра того же стола "
              "продолжает встречу (KL-SETUP-1)",
        "en": "start with a new game: the players, the dealer and the first card turned up; the next game at "
              "the same table goes on with the sitting (KL-SETUP-1)"},
    # --- violations of a move (refused in live entry) ---
    "kl.v.out-of-turn": {
        "ru": "сейчас ход игрока {turn}, а не {player} (KL-START; в записи игра продолжается от того, "
              "кто сходил, RUL-KL-TURN)",
        "en": "it is {turn}'s turn, not {player}'s (KL-START; in a record, play goes on from the player who "
              "moved, RUL-KL-TURN)"},
    "kl.v.draw-again": {
        "ru": "{player}: без подходящей карты берут из колоды одну карту, а взято {cards} (KL-DRAW)",
        "en": "{player}: with no fitting card one card is drawn, but {cards} were drawn (KL-DRAW)"},
    "kl.v.pass-without-draw": {
        "ru": "{player}: «Пас» говорят после того, как взята карта из колоды (KL-DRAW)",
        "en": "{player}: «Пас» (pass) is said after drawing a card from the draw pile (KL-DRAW)"},
    "kl.v.draw2-due": {
        "ru": "{player}: по «Возьми 2 карты и пропусти ход» берут {cards} и пропускают ход, а введено "
              "взятых карт: {entered} (KL-FX-DRAW2)",
        "en": "{player}: «Возьми 2 карты…» means taking {cards} and missing the turn, but {entered} were "
              "entered (KL-FX-DRAW2)"},
    "kl.v.draw4-due": {
        "ru": "{player}: по «Возьми 4 карты, пропусти ход и выбери цвет» берут {cards} и пропускают ход, "
              "а введено взятых карт: {entered} (KL-FX-DRAW4)",
        "en": "{player}: «Возьми 4 карты…» means taking {cards} and missing the turn, but {entered} were "
              "entered (KL-FX-DRAW4)"},
    "kl.v.order-not-followed": {
        "ru": "{player}: по приказу нужно сыграть карту {order}, а если её нет — брать из колоды, пока она "
              "не придёт; пасовать нельзя (KL-FX-ORDER)",
        "en": "{player}: the order is to play {order}, drawing until it comes if it is not in hand; no pass "
              "(KL-FX-ORDER)"},
    "kl.v.no-call-due": {
        "ru": "{player}: штраф за «Кальмар!» — только сразу после того, как игрок разыграл предпоследнюю "
              "карту (и «Обмен картами» тоже), и до следующего хода (KL-CALL, RUL-KL-CALL-WINDOW)",
        "en": "{player}: the «Кальмар!» penalty applies only right after the player played their second-to-last "
              "card («Обмен картами» too), before the next move (KL-CALL, RUL-KL-CALL-WINDOW)"},
    "kl.v.no-silence": {
        "ru": "{player}: штраф за нарушение тишины — только пока действует «Соблюдай тишину» (KL-FX-SILENCE)",
        "en": "{player}: the penalty for breaking the silence applies only while «Соблюдай тишину» is in force "
              "(KL-FX-SILENCE)"},
    "kl.v.after-end": {
        "ru": "игра {game} уже окончена, победитель — {winner}; ходов после конца игры нет (KL-END)",
        "en": "game {game} is already over, won by {winner}; there are no moves after the end (KL-END)"},
    "kl.v.game-unfinished": {
        "ru": "игра {game} не окончена: никто не избавился от всех карт, а начата следующая (KL-END)",
        "en": "game {game} is not over: nobody is out of cards, yet the next game was started (KL-END)"},
    # --- the checker: legal answers ---
    "kl.check.same-colour": {
        "ru": "можно: {card} — того же цвета, что в игре (цвет: {colour}) (KL-PLAY)",
        "en": "yes: {card} is of the colour in force ({colour}) (KL-PLAY)"},
    "kl.check.same-digit": {
        "ru": "можно: {card} — та же цифра {digit}, что у верхней карты ({top}) (KL-PLAY)",
        "en": "yes: {card} shows the same digit {digit} as the top card ({top}) (KL-PLAY)"},
    "kl.check.blue": {
        "ru": "можно: {card} — синяя карта организаторов, её кладут на любую карту (KL-PLAY)",
        "en": "yes: {card} is a blue organizer card, it goes on any card (KL-PLAY)"},
    "kl.check.same-symbol": {
        "ru": "можно по домашнему правилу «та же картинка, любой цвет»: {card} на верхнюю карту ({top}) "
              "(RUL-KL-SAME-SYMBOL)",
        "en": "yes, by the house rule «same picture, any colour»: {card} on the top card ({top}) "
              "(RUL-KL-SAME-SYMBOL)"},
    "kl.check.ordered": {
        "ru": "можно: {card} — карта из приказа, её действие применяется (KL-FX-ORDER)",
        "en": "yes: {card} is the ordered card, and its own effect applies (KL-FX-ORDER)"},
    # --- the checker: refusals ---
    "kl.check.no-match": {
        "ru": "нельзя: {card} не подходит — верхняя карта {top}, цвет в игре: {colour}; подходит тот же цвет, "
              "та же цифра или синяя карта организаторов (KL-PLAY)",
        "en": "no: {card} does not fit — the top card is {top}, the colour in force {colour}; the same colour, "
              "the same digit or a blue organizer card fits (KL-PLAY)"},
    "kl.check.same-symbol-off": {
        "ru": "нельзя: {card} — та же картинка, что у верхней карты ({top}), но другого цвета; по правилам так "
              "нельзя, это домашнее правило, его можно включить в настройках игры (RUL-KL-SAME-SYMBOL)",
        "en": "no: {card} shows the picture of the top card ({top}) in another colour; the rulebook does not "
              "allow it, it is a house rule a table can switch on in the game's options (RUL-KL-SAME-SYMBOL)"},
    "kl.check.not-ordered": {
        "ru": "нельзя: действует приказ — сыграть нужно карту {order}, а не {card}; если её нет, берут из "
              "колоды, пока она не придёт (KL-FX-ORDER)",
        "en": "no: an order is in force — {order} must be played, not {card}; without it, draw until it "
              "comes (KL-FX-ORDER)"},
    "kl.check.must-draw2": {
        "ru": "нельзя: {player} сначала берёт 2 карты и пропускает ход (KL-FX-DRAW2)",
        "en": "no: {player} first takes 2 cards and misses the turn (KL-FX-DRAW2)"},
    "kl.check.must-draw4": {
        "ru": "нельзя: {player} сначала берёт 4 карты и пропускает ход (KL-FX-DRAW4)",
        "en": "no: {player} first takes 4 cards and misses the turn (KL-FX-DRAW4)"},
    "kl.check.game-over": {
        "ru": "нельзя: игра окончена, победитель — {winner} (KL-END)",
        "en": "no: the game is over, won by {winner} (KL-END)"},
    # --- record errors (inside the shared "r.where") ---
    "kl.r.card": {
        "ru": "{value} — такой карты нет; карты пишутся как «green-7», «yellow-skip», «crimson-draw2», "
              "«light-blue-reverse», «choose», «draw4», «swap», «order», «silence»",
        "en": "{value} is not a card; cards are written “green-7”, “yellow-skip”, “crimson-draw2”, "
              "“light-blue-reverse”, “choose”, “draw4”, “swap”, “order”, “silence”"},
    "kl.r.colour": {
        "ru": "{value} — такого цвета нет; цвета: crimson, green, light-blue, yellow",
        "en": "{value} is not a colour; the colours are crimson, green, light-blue, yellow"},
    "kl.r.act": {
        "ru": "{value} — неизвестное действие; бывают: {acts}",
        "en": "{value} is not an action; the actions are: {acts}"},
    "kl.r.field-not-here": {
        "ru": "поле «{field}» не относится к действию «{act}»",
        "en": "the field “{field}” does not belong to the action “{act}”"},
    "kl.r.no-games": {
        "ru": "в записи нет ни одной игры: нужна хотя бы первая (сдающий и первая карта)",
        "en": "the record holds no game: at least the first one (dealer and first card) is needed"},
    # --- the replay report ---
    "kl.report.title": {"ru": "«Кальмар» — запись встречи: {players}", "en": "«Кальмар» — record of a sitting: {players}"},
    "kl.report.options": {"ru": "Домашнее правило «та же картинка, любой цвет» (RUL-KL-SAME-SYMBOL): {value}.",
                          "en": "House rule «same picture, any colour» (RUL-KL-SAME-SYMBOL): {value}."},
    "kl.report.on": {"ru": "включено", "en": "on"},
    "kl.report.off": {"ru": "выключено", "en": "off"},
    "kl.report.game": {
        "ru": "Игра {game}: сдаёт {dealer}, первая карта — {card}; {turns}; победитель — {winner}.",
        "en": "Game {game}: dealt by {dealer}, first card {card}; {turns}; winner: {winner}."},
    "kl.report.game-swap": {
        "ru": "Игра {game}: сдаёт {dealer}, первая карта — {card}; {turns}; победитель — {winner} "
              "(последней картой был «Обмен картами», KL-END-SWAP).",
        "en": "Game {game}: dealt by {dealer}, first card {card}; {turns}; winner: {winner} "
              "(the last card was «Обмен картами», KL-END-SWAP)."},
    "kl.report.game-abandoned": {
        "ru": "Игра {game}: сдаёт {dealer}, первая карта — {card}; {turns}; брошена без победителя.",
        "en": "Game {game}: dealt by {dealer}, first card {card}; {turns}; left without a winner."},
    "kl.report.game-live": {
        "ru": "Игра {game}: сдаёт {dealer}, первая карта — {card}; {turns}; идёт. Ходит {turn}, следующий — "
              "{next}; верхняя карта — {top}, цвет: {colour}; направление: {direction}.",
        "en": "Game {game}: dealt by {dealer}, first card {card}; {turns}; in progress. {turn} to move, "
              "{next} next; top card {top}, colour {colour}; direction: {direction}."},
    "kl.report.clockwise": {"ru": "по часовой стрелке", "en": "clockwise"},
    "kl.report.counterclockwise": {"ru": "против часовой стрелки", "en": "counterclockwise"},
    "kl.report.pending": {"ru": "{player} берёт {cards} и пропускает ход.", "en": "{player} takes {cards} and misses the turn."},
    "kl.report.order": {"ru": "Действует приказ: {player} играет карту {card}.", "en": "Order in force: {player} plays {card}."},
    "kl.report.silence": {"ru": "Действует тишина до следующего хода игрока {player}.",
                          "en": "Silence in force until {player}'s next move."},
    "kl.report.call": {"ru": "У игрока {player} одна карта: «Кальмар!» (KL-CALL).",
                       "en": "{player} holds one card: «Кальмар!» (KL-CALL)."},
    "kl.report.counts": {"ru": "Карт на руках (по введённым ходам): {counts}.",
                         "en": "Cards in hand (from the entered moves): {counts}."},
    "kl.report.tally": {"ru": "Счёт встречи (RUL-KL-TALLY): {tally}.", "en": "Tally of the sitting (RUL-KL-TALLY): {tally}."},
    "kl.report.no-violations": {"ru": "Нарушений нет.", "en": "No violations."},
    "kl.report.violations": {"ru": "Найдено нарушений: {n}.", "en": "Violations found: {n}."},
    "kl.report.where": {"ru": "игра {game}, запись {entry}", "en": "game {game}, entry {entry}"},
}


def register() -> None:
    register_nouns(NOUNS)
    register_messages(MESSAGES)
