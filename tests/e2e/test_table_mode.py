"""Table mode in real browsers: a host and three phones on one live game (issue «Who may reach
the app»). Every device is its own browser context (its own cookie, session and language).

* a trick entered on three different phones; after each entry all four devices show the same
  turn and trick; one phone reloads mid-trick and resumes; one phone is in English, the others
  stay in Russian; «это я» marks a phone's seat;
* a race: two phones enter the same card 50 times at the same moment — the log grows by exactly
  one each time, the loser is told or already sees the new state;
* access: no code, a wrong code, the rate limit, a foreign page's websocket, a new code that
  disconnects the phones joined with the old one.
"""
from __future__ import annotations

import http.server
import json
import threading

import pytest

from companion.base import ids
from companion.base.i18n import translate

from . import test_game_flow as flow
from .conftest import PHONE, STARTUP_TIMES, TABLET, UI, Server

pytestmark = pytest.mark.e2e

CODE = "NARWH234"


@pytest.fixture
def table_server(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    s = Server(data, tmp_path, table_code=CODE)
    s.start()
    yield s
    s.stop()


class Devices:
    """Browser contexts on one table; closed (and checked for crash overlays) at the end.

    A phone is a context whose requests say they come from a LAN address (``X-Forwarded-For``,
    which the app's server trusts from this machine only): the app then treats it exactly as a
    phone on the Wi-Fi — its own cookie, no host controls, cut off by a new code. The host is a
    context without it (this machine's own browser)."""

    def __init__(self, browser, server, tmp_path):
        self.browser, self.server, self.tmp_path = browser, server, tmp_path
        self.contexts = []

    def open(self, viewport=PHONE, lang="ru", url=None, phone=True) -> UI:
        headers = {"X-Forwarded-For": f"192.168.77.{10 + len(self.contexts)}"} if phone else None
        ctx = self.browser.new_context(viewport=viewport, locale="ru-RU", color_scheme="light",
                                       extra_http_headers=headers)
        ctx.set_default_timeout(15000)
        self.contexts.append(ctx)
        ui = UI(ctx.new_page(), self.server, self.tmp_path / f"shots-{len(self.contexts)}", lang=lang)
        if url is None:
            STARTUP_TIMES.append(ui.open())
        return ui

    def close(self):
        for ctx in self.contexts:
            for page in ctx.pages:
                assert page.get_by_text("Error running app").count() == 0, self.server.log_text()
            ctx.close()


@pytest.fixture
def devices(browser, table_server, tmp_path):
    d = Devices(browser, table_server, tmp_path)
    yield d
    d.close()


def stored_log(server: Server) -> list:
    """The action log of the game in progress, as the data folder holds it."""
    doc = json.loads((server.data_dir / "current.json").read_text(encoding="utf-8"))
    return doc["game"]["1"]["actions"]


def reopen(ui: UI):
    """After a reload: the accessibility tree on again."""
    ui.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=20000)
    ui.page.eval_on_selector("flt-semantics-placeholder", "e => e.click()")


def set_english(ui: UI):
    ui.tap_id(ids.HOME_SETTINGS)
    ui.tap_id(f"{ids.SET_LANG}-en")
    ui.lang = "en"
    ui.wait_text(ids.SCREEN_SETTINGS, "Settings")
    ui.back()
    ui.wait_text(ids.HOME_NEW, "New game")


def to_table(ui: UI):
    ui.wait_id(ids.HOME_CONTINUE)  # appears without a reload when the host starts the round
    ui.tap_id(ids.HOME_CONTINUE)
    ui.wait_id(ids.TABLE_TURN)


def test_host_and_three_phones_play_a_trick(devices, table_server):
    host = devices.open(TABLET, phone=False)
    phones = [devices.open(), devices.open(), devices.open()]
    set_english(phones[1])
    for ui in (host, phones[0], phones[2]):  # one phone's language is its own
        assert ui.read(ids.HOME_NEW) == translate("ru", "New game")

    flow.start_game(host)
    g = flow.Game(host)
    flow.setup_round(host, g.bonuses)
    everyone = [host] + phones
    for ui in phones:
        to_table(ui)
    for ui in everyone:
        ui.wait_text(ids.TABLE_TURN, flow.PLAYERS[0])

    # «это я»: the first phone is Аня's; it says «Ваш ход» when she is to play
    me = phones[0]
    me.back()
    me.tap_id(ids.HOME_SETTINGS)
    me.tap_id(f"{ids.SET_ME}-0")
    me.back()
    me.tap_id(ids.HOME_CONTINUE)
    me.wait_id(ids.TURN_MINE)
    assert translate("ru", "Your turn") in me.read(ids.TURN_MINE)
    assert me.read(ids.player_mine(0)) == translate("ru", "you")  # its own panel and bonuses are marked
    assert not me.page.locator(me.sel(ids.player_mine(1))).count()
    assert not host.page.locator(host.sel(ids.TURN_MINE)).count()

    for k, device in enumerate(phones):
        who = g.turn()
        cid = g.legal(who)
        g.ui = device
        flow.pick(device, ids.TABLE_PICK, cid)
        g.hands[who].remove(cid)
        g.trick.append((who, cid))
        if k < len(phones) - 1:
            nxt = flow.PLAYERS[k + 1]
            for ui in everyone:
                ui.wait_text(ids.TABLE_TURN, nxt)
                ui.wait_text(ids.TABLE_TRICK, f"{who}:")
            assert len(stored_log(table_server)) == 2 + k  # the round's setup + this trick's plays
        if k == 0:  # a phone reloads mid-trick and resumes where the table is
            phones[2].page.reload()
            reopen(phones[2])
            phones[2].wait_text(ids.TABLE_TURN, flow.PLAYERS[1], timeout=20000)
            phones[2].wait_text(ids.TABLE_TRICK, f"{who}:")
    winners = set()
    for ui in everyone:
        ui.wait_id(ids.RESULT_WINNER)
        winners.add(next(p for p in flow.PLAYERS if p in ui.read(ids.RESULT_WINNER)))
    assert len(winners) == 1  # the same winner on every device, in both languages
    g.ui = host
    g.finish_trick()
    for ui in everyone:
        flow.wait_any(ui, ids.TABLE_TURN, ids.LEADER_CHOOSER, gone=ids.RESULT_WINNER)
    assert phones[1].read(ids.TABLE_TURN).startswith("Turn")
    assert host.read(ids.TABLE_TURN).startswith("Ход")


def test_two_phones_race_fifty_times(devices, table_server):
    host = devices.open(TABLET, phone=False)
    a, b = devices.open(), devices.open()
    flow.start_game(host)
    g = flow.Game(host)
    flow.setup_round(host, g.bonuses)
    to_table(a)
    to_table(b)
    base = len(stored_log(table_server))
    who = flow.PLAYERS[0]
    cid = g.legal(who)
    picker = flow.picker_ids(ids.TABLE_PICK)
    told = 0
    for i in range(50):
        for ui in (a, b):  # the whole deck is on both phones
            ui.wait_id(picker.card(cid))
        boxes = [ui.by_id(picker.card(cid)).bounding_box() for ui in (a, b)]
        for ui, box in zip((a, b), boxes):  # two taps a few milliseconds apart
            ui.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        for ui in (a, b, host):
            ui.wait_text(ids.TABLE_TURN, flow.PLAYERS[1])
        log = stored_log(table_server)
        assert len(log) == base + 1, f"round {i}: {log[base:]}"  # applied once, never twice
        assert log[-1] == {"type": "play", "player": who, "card": cid}
        for ui in (a, b):
            if ui.page.locator(ui.sel(ids.NOTICE)).count():
                told += 1
                ui.tap_id(ids.NOTICE_CLOSE)
        host.tap_id(ids.TABLE_UNDO)
        for ui in (a, b, host):
            ui.wait_text(ids.TABLE_TURN, who)
        assert len(stored_log(table_server)) == base
    print(f"race: 50 double taps, {told} calm «changed on another device» notices")


class _ForeignPage(http.server.BaseHTTPRequestHandler):
    """A page of another origin (another port on this machine) that tries the app's websocket."""

    target = ""

    def do_GET(self):
        body = f"""<script>
        window.result = 'pending';
        const ws = new WebSocket('{self.target}');
        ws.onopen = () => {{ window.result = 'open'; }};
        ws.onerror = () => {{ window.result = 'refused'; }};
        </script>""".encode()
        self.send_response(200)
        self.send_header("content-type", "text/html")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *a):
        pass


def test_access_checks(devices, table_server):
    base = table_server.base
    stranger = devices.open(url="none")
    page = stranger.page
    # no code → 403 with a short RU/EN page
    resp = page.goto(base)
    assert resp.status == 403
    assert "Спросите код у хозяина стола" in page.content()
    assert "Ask the host" in page.content()
    # a wrong code
    resp = page.goto(base + "?code=WRONG999")
    assert resp.status == 403 and "Код не подошёл" in page.content()
    # typing the code into the page's form lets the phone in
    page.goto(base)
    page.fill("input[name=code]", CODE.lower())
    page.click("button[type=submit]")
    reopen(stranger)
    stranger.wait_id(ids.HOME_RULES)
    # a phone sees the code and the count, not the host's buttons
    stranger.tap_id(ids.HOME_INVITE)
    stranger.wait_text(ids.INVITE_CODE, "NARW-H234")
    assert not page.locator(stranger.sel(ids.INVITE_NEW)).count()

    # another phone tries 10 wrong codes in a minute → 429 for its address only
    bad = devices.open(url="none").page
    statuses = [bad.goto(base + f"?code=BAD{i:05d}").status for i in range(10)]
    assert statuses == [403] * 9 + [429]
    assert bad.goto(table_server.url).status == 429  # even the right code waits a minute
    other = devices.open(url="none").page
    assert other.goto(table_server.url).status == 200

    # a page of another origin, in a browser that holds the cookie, cannot open the websocket
    _ForeignPage.target = f"ws://127.0.0.1:{table_server.port}/ws"
    foreign = http.server.HTTPServer(("127.0.0.1", 0), _ForeignPage)
    threading.Thread(target=foreign.serve_forever, daemon=True).start()
    try:
        other.goto(f"http://127.0.0.1:{foreign.server_address[1]}/")
        other.wait_for_function("() => window.result !== 'pending'", timeout=10000)
        assert other.evaluate("window.result") == "refused"
    finally:
        foreign.shutdown()

    # the host makes a new code: the phones that joined with the old one are disconnected
    host = devices.open(TABLET, phone=False)
    host.tap_id(ids.HOME_INVITE)
    host.wait_text(ids.INVITE_DEVICES, "2")  # the host and the phone on the invite screen
    host.tap_id(ids.INVITE_NEW)
    host.tap_id(ids.INVITE_NEW_YES)
    host.wait_text(ids.INVITE_DEVICES, "1")  # the phone is gone; the host stays
    host.wait_text(ids.INVITE_CODE, "NARW-H234")  # KITY_TABLE_CODE fixes the code; the cookies are new
    # the phone cut off is not left on a spinner: it is on the table's page, which takes the code
    page.wait_for_selector("input[name=code]", timeout=10000)
    assert "Спросите код у хозяина стола" in page.content()
    assert page.goto(base).status == 403  # the phone's old cookie no longer opens the app


@pytest.mark.skipif(__import__("os").environ.get("KITY_SCREENSHOTS") != "1",
                    reason="set KITY_SCREENSHOTS=1 to refresh docs/screenshots")
def test_screenshots_of_table_mode(devices, table_server):
    """The invite screen (host, tablet and phone size) and a phone joined as a seat."""
    host = devices.open(TABLET, phone=False)
    host_phone = devices.open(PHONE, phone=False)
    seat_phone = devices.open(PHONE)
    seat_tablet = devices.open(TABLET)
    for ui in (host, host_phone):
        ui.tap_id(ids.HOME_INVITE)
        ui.wait_text(ids.INVITE_DEVICES, "4")
    host.shot("invite-tablet-light", keep=True)
    host_phone.shot("invite-phone-light", keep=True)
    host.back()
    flow.start_game(host)
    g = flow.Game(host)
    flow.setup_round(host, g.bonuses)
    for ui in (seat_phone, seat_tablet):
        ui.tap_id(ids.HOME_SETTINGS)
        ui.tap_id(f"{ids.SET_ME}-0")
        ui.shot("seat-settings-" + ("phone" if ui is seat_phone else "tablet") + "-light", keep=True)
        ui.back()
        ui.tap_id(ids.HOME_CONTINUE)
        ui.wait_id(ids.TURN_MINE)
    seat_phone.shot("seat-your-turn-phone-light", keep=True)
    seat_tablet.shot("seat-your-turn-tablet-light", keep=True)
