"""The words of «Вжух!», Russian first, English second; registered at import of the package.

Every key starts with ``vz.`` so it never meets another game's. Russian sentences avoid
gendered verb forms (a name does not tell the grammatical gender); counted nouns go through
:class:`engine.core.i18n.Count` and the CLDR plural forms of :data:`NOUNS`. The text of every
rule-bound message ends with its own rule ID (see :mod:`.rules`).
"""
from __future__ import annotations

from engine.core.i18n import register_messages, register_nouns

NOUNS = {
    "vz.card": {"ru": {"one": "карта", "few": "карты", "many": "карт", "other": "карты"},
                "en": {"one": "card", "other": "cards"}},
    "vz.joker": {"ru": {"one": "джокер", "few": "джокера", "many": "джокеров", "other": "джокера"},
                 "en": {"one": "joker", "other": "jokers"}},
    "vz.point": {"ru": {"one": "очко", "few": "очка", "many": "очков", "other": "очка"},
                 "en": {"one": "point", "other": "points"}},
    "vz.party-gen": {"ru": {"one": "партии", "few": "партий", "many": "партий", "other": "партии"},
                     "en": {"one": "party", "other": "parties"}},
}

MESSAGES = {
    # --- refusals of a new game or of a party that cannot be scored ---
    "vz.x.players-count": {
        "ru": "игроков {n}, а играют от {low} до {high} (RUL-VZ-PLAYERS)",
        "en": "{n} players; the game takes {low} to {high} players (RUL-VZ-PLAYERS)"},
    "vz.x.players-names": {
        "ru": "у игроков должны быть разные непустые имена (RUL-VZ-PLAYERS)",
        "en": "the players need different non-empty names (RUL-VZ-PLAYERS)"},
    "vz.x.first-player": {
        "ru": "первый игрок {first} не сидит за столом (VZ-SETUP-4)",
        "en": "the first player {first} is not at the table (VZ-SETUP-4)"},
    "vz.x.party-players": {
        "ru": "в партии нужен штраф каждого игрока ровно один раз: {detail} (VZ-CHECK)",
        "en": "a party needs the penalty of every player exactly once: {detail} (VZ-CHECK)"},
    "vz.x.bad-penalty": {
        "ru": "штраф игрока {player} не посчитать: {value} — нужны неотрицательные целые количества карт "
              "с числами колоды и джокеров или неотрицательное целое число очков (VZ-SCORE)",
        "en": "the penalty of {player} cannot be scored: {value} — it takes non-negative whole counts of cards "
              "with numbers of the deck and of jokers, or a non-negative whole number of points (VZ-SCORE)"},
    # --- violations of a party ---
    "vz.v.too-many-cards": {
        "ru": "в партии {cards} с числом {number}, а в колоде всего {deck} (VZ-COMP)",
        "en": "the party holds {cards} with the number {number}, the deck only {deck} (VZ-COMP)"},
    "vz.v.too-many-jokers": {
        "ru": "в партии {jokers}, а в колоде всего {deck} (RUL-VZ-JOKERS)",
        "en": "the party holds {jokers}, the deck only {deck} (RUL-VZ-JOKERS)"},
    "vz.v.unreachable-points": {
        "ru": "штраф {points} у игрока {player} не набрать картами колоды: бывает 0 или сумма чисел карт "
              "и джокеров по 60, а {gaps} и больше {max} — нет (VZ-CHECK)",
        "en": "a penalty of {points} for {player} cannot be made with the deck: it is 0 or a sum of card numbers "
              "and jokers at 60, never {gaps} nor above {max} (VZ-CHECK)"},
    "vz.v.unreachable-left": {
        "ru": "штраф {points} у игрока {player} не набрать картами, которые остались в колоде после карт, "
              "уже внесённых в эту партию другим игрокам: осталось {left} на {sum} (VZ-CHECK)",
        "en": "a penalty of {points} for {player} cannot be made with the cards the deck still has after the "
              "cards already entered in this party for the other players: {left} left, {sum} in all (VZ-CHECK)"},
    "vz.v.party-sum": {
        "ru": "сумма штрафов в партии — {points}, а больше 540 + 6×60 = {max} не бывает (VZ-CHECK)",
        "en": "the penalties of the party add up to {points}, more than 540 + 6×60 = {max} (VZ-CHECK)"},
    "vz.v.play-after-end": {
        "ru": "партия {party} записана после конца игры: игра окончена после партии {ended}, "
              "победитель — {winner} (VZ-GAME)",
        "en": "party {party} is recorded after the end of the game: it ended after party {ended}, "
              "won by {winner} (VZ-GAME)"},
    # --- the move checker: legal answers ---
    "vz.check.transfer-ok": {
        "ru": "{t}×{n} — то же число, и {total_k}×{n} = {total} переходят к следующему игроку (VZ-TRANSFER)",
        "en": "{t}×{n}, the same number: {total_k}×{n} = {total} go on to the next player (VZ-TRANSFER)"},
    "vz.check.beat-ok": {
        "ru": "{c}×{m} = {bs} > {k}×{n} = {s}, другое число — карты отбиты (VZ-BEAT)",
        "en": "{c}×{m} = {bs} > {k}×{n} = {s}, a different number: beaten (VZ-BEAT)"},
    "vz.check.voila-ok": {
        "ru": "{k}×{n} возвращаются предыдущему игроку, направление хода меняется для всех (VZ-J-VOILA)",
        "en": "{k}×{n} go back to the previous player, and the direction of play is reversed for everyone (VZ-J-VOILA)"},
    "vz.check.vzhuh-ok": {
        "ru": "карта {n} из сброса — {total_k}×{n} = {total} переходят к следующему игроку (VZ-J-VZHUH)",
        "en": "a {n} from the discard: {total_k}×{n} = {total} go on to the next player (VZ-J-VZHUH)"},
    "vz.check.krabli-ok": {
        "ru": "из {k}×{n}: {penalty} — в штраф (половина, округлённая вниз), {on} — следующему игроку (VZ-J-KRABLI)",
        "en": "of {k}×{n}: {penalty} to the penalty (half, rounded down), {on} on to the next player (VZ-J-KRABLI)"},
    # --- the move checker: refusals ---
    "vz.check.not-in-deck": {
        "ru": "{number} — такого числа в колоде нет, есть {numbers} (VZ-COMP)",
        "en": "{number} is not a number of the deck; the numbers are {numbers} (VZ-COMP)"},
    "vz.check.attack-count": {
        "ru": "{k}×{n} не бывает: на игрока сыграно от 1 до {max} с числом {n} (RUL-VZ-STACK)",
        "en": "{k}×{n} cannot be: the cards played on a player are 1 to {max} with the number {n} (RUL-VZ-STACK)"},
    "vz.check.over-deck": {
        "ru": "{cards} с числом {n} — больше, чем в колоде: там всего {deck} (VZ-COMP)",
        "en": "{cards} with the number {n} are more than the deck holds: it has only {deck} (VZ-COMP)"},
    "vz.check.no-cards": {
        "ru": "сыграно карт: {count} — нужно сыграть хотя бы одну карту (VZ-RESP)",
        "en": "{count} cards played: at least one card must be played (VZ-RESP)"},
    "vz.check.hand-size": {
        "ru": "{cards} за раз не сыграть: в руке не больше {hand} (VZ-DRAW)",
        "en": "{cards} cannot be played at once: a hand holds at most {hand} (VZ-DRAW)"},
    "vz.check.beat-same-number": {
        "ru": "{c}×{n} — то же число, что у карт на вас ({k}×{n}): это перевод, а не отбой; "
              "отбиваются картами другого числа (VZ-BEAT)",
        "en": "{c}×{n} is the same number as the cards played on you ({k}×{n}): that is a transfer, not a beat; "
              "a beat takes cards of another number (VZ-BEAT)"},
    "vz.check.beat-not-greater": {
        "ru": "{c}×{m} = {bs} {op} {k}×{n} = {s}: чтобы отбиться, сумма должна быть строго больше (VZ-BEAT)",
        "en": "{c}×{m} = {bs} {op} {k}×{n} = {s}: a beat needs a strictly greater sum (VZ-BEAT)"},
    "vz.check.joker-kind": {
        "ru": "{value} — такого джокера нет, есть {kinds} (VZ-JOKER)",
        "en": "{value} is not a joker; the jokers are {kinds} (VZ-JOKER)"},
    "vz.check.joker-last": {
        "ru": "{joker} нельзя: последний игрок с картами в руке джокерами не пользуется (VZ-J-LAST)",
        "en": "{joker} is not allowed: the last player still holding cards may not use a joker (VZ-J-LAST)"},
    "vz.check.vzhuh-no-card": {
        "ru": "«Вжух!» нельзя: в сбросе нет карты с числом {n} (VZ-J-VZHUH)",
        "en": "«Вжух!» is not allowed: there is no card with the number {n} in the discard (VZ-J-VZHUH)"},
    "vz.check.vzhuh-unknown": {
        "ru": "«Вжух!» можно, только если в сбросе есть карта с числом {n}: проверьте сброс (VZ-J-VZHUH)",
        "en": "«Вжух!» is allowed only when a card with the number {n} is in the discard: check the discard (VZ-J-VZHUH)"},
    "vz.check.vzhuh-none-left": {
        "ru": "«Вжух!» нельзя: все {deck} с числом {n} уже сыграны на вас ({k}×{n}), в сбросе такой нет (VZ-J-VZHUH)",
        "en": "«Вжух!» is not allowed: all {deck} with the number {n} are already played on you ({k}×{n}), "
              "so none is in the discard (VZ-J-VZHUH)"},
    # --- record errors (inside the shared "r.where") ---
    "vz.r.number": {
        "ru": "{value} — такого числа в колоде нет, есть {numbers}",
        "en": "{value} is not a number of the deck; the numbers are {numbers}"},
    "vz.r.penalty-both": {
        "ru": "штраф записывается либо очками («points»), либо картами («cards», «jokers»), но не тем и другим сразу",
        "en": "a penalty is either points (“points”) or cards (“cards”, “jokers”), not both"},
    "vz.r.penalty-none": {
        "ru": "нет штрафа: нужно «points» или «cards»/«jokers»",
        "en": "no penalty: “points” or “cards”/“jokers” is needed"},
    "vz.r.per-player": {
        "ru": "нет штрафа игрока {player}: в каждой партии нужен штраф каждого игрока",
        "en": "the penalty of {player} is missing: every party needs every player's penalty"},
    # --- the replay report ---
    "vz.report.title": {"ru": "«Вжух!» — запись игры: {players}", "en": "«Вжух!» (Whoosh!) — game record: {players}"},
    "vz.report.party": {"ru": "Партия", "en": "Party"},
    "vz.report.extra": {"ru": "доп.", "en": "extra"},
    "vz.report.starter": {"ru": "Начинает", "en": "Starts"},
    "vz.report.total": {"ru": "Итого", "en": "Total"},
    "vz.report.place": {"ru": "Место", "en": "Place"},
    "vz.report.legend": {
        "ru": "В клетках — штрафные очки за партию (VZ-SCORE: числа карт + 60 за джокер); * — штраф введён числом.",
        "en": "Cells: the party's penalty points (VZ-SCORE: card numbers + 60 per joker); * — the penalty was entered as a number."},
    "vz.report.winner": {
        "ru": "Победитель: {player} — меньше всех штрафных очков ({points}) после {parties} (VZ-GAME).",
        "en": "Winner: {player} — the lowest penalty ({points}) after {parties} (VZ-GAME)."},
    "vz.report.unfinished": {
        "ru": "Игра не окончена: сыграно партий — {played} из {rounds} (VZ-GAME).",
        "en": "The game is not over: {played} of {rounds} parties played (VZ-GAME)."},
    "vz.report.tie": {
        "ru": "Ничья за наименьший итог ({points}): {players}. Играется дополнительная партия, в ней участвуют "
              "все игроки (VZ-TIE, RUL-VZ-TIE).",
        "en": "A tie for the lowest total ({points}): {players}. An extra party is played, by all players "
              "(VZ-TIE, RUL-VZ-TIE)."},
    "vz.report.next": {"ru": "Следующую партию начинает: {player} (VZ-NEXT).",
                       "en": "The next party is started by {player} (VZ-NEXT)."},
    "vz.report.no-violations": {"ru": "Нарушений нет.", "en": "No violations."},
    "vz.report.violations": {"ru": "Найдено нарушений: {n}.", "en": "Violations found: {n}."},
    "vz.report.where": {"ru": "партия {party}", "en": "party {party}"},
}


def register() -> None:
    register_nouns(NOUNS)
    register_messages(MESSAGES)
