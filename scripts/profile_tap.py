"""Where a tap's Python goes, on CPython, without a browser (issue 52): prints counts, times nothing.

    .venv/bin/python scripts/profile_tap.py [whale|vzhuh|royal|kalmar ...] [--pairs 20] [--cprofile]

The app's ``main(page)`` runs on a Flet session whose connection is a fake one (each message is
packed as the phone edition packs it, and its size kept; a client method the app calls — a route
pushed, haptics — is answered at once), in a data folder of its own. A new game of each kind is
made through the session, its table opened, and its main tap and «undo» dispatched as the page
would (the whale table: a card; «Вжух!»: a party's points recorded; Royal Mastheads: a card;
«Кальмар»: a move). For each tap it prints the messages to the page and their bytes, and the
Python function calls the tap made, by what made them: the tap's handler (the session's change
and every part's selection) and each component Flet drew again. Calls are a count, the same on
any machine and load: what a change saves shows here before the phone edition's bench
(scripts/bench_phone.py) measures it. Also the store's file writes of each tap, by file and size
(the phone edition copies the data folder to IndexedDB after each, and holds the screen until
the copy is done). ``--cprofile``: the cProfile of the taps, by own time.
"""
from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.fsync = lambda fd: None  # noqa: E731 — the phone edition's folder is in memory: no disk to wait for

import flet as ft  # noqa: E402
import msgpack  # noqa: E402
from flet.components.component import Component  # noqa: E402
from flet.messaging.connection import Connection  # noqa: E402
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack  # noqa: E402
from flet.messaging.session import Session as FletSession  # noqa: E402
from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402

PHASE = ["handler"]  # what the calls being counted are made by
COUNTING = [False]
CALLS: Counter = Counter()
WRITES: list[tuple[str, int]] = []  # the store's file writes of the tap being counted: (file, bytes)


class Conn(Connection):
    """The page's side of the session: keeps each message's action and size; answers a client
    method at once (a route pushed also comes back as the page's route change)."""

    def __init__(self):
        super().__init__()
        self.loop = asyncio.get_running_loop()
        self.pubsubhub = PubSubHub(loop=self.loop)
        self.page_url = "http://127.0.0.1/"
        self.sent: list[tuple] = []
        self.session = None

    def send_message(self, message):
        data = msgpack.packb([message.action, message.body],
                             default=configure_encode_object_for_msgpack(ft.BaseControl))
        self.sent.append((message.action, len(data)))
        if message.action == MessageAction.INVOKE_METHOD:
            self.loop.call_soon(self.answer, message.body)

    def answer(self, body):
        self.session.handle_invoke_method_results(body.control_id, body.call_id, None, None)
        if body.name == "push_route":
            route = body.args["route"]
            self.session.apply_page_patch({"route": route})
            asyncio.ensure_future(self.session.dispatch_event(self.session.page._i, "route_change", {"route": route}))


def by_id(session, ident: str):
    """The control the page would tap for the identifier ``ident``."""
    for c in list(session.index.values()):
        if isinstance(c, ft.Semantics) and c.identifier == ident:
            inner = c.content
            while isinstance(inner, ft.Semantics):
                inner = inner.content
            return inner
    raise LookupError(f"{ident} is not on the screen")


async def settle(conn: Conn) -> None:
    """Until the session has sent everything (its update scheduler is idle)."""
    n = -1
    for _ in range(400):
        for _ in range(20):
            await asyncio.sleep(0)
        if len(conn.sent) == n:
            return
        n = len(conn.sent)


async def start_app(width: int = 412, height: int = 915):
    """The app's ``main(page)`` on a session over a fake connection (:class:`Conn`), at Home;
    returns ``(conn, session, page)`` once its first screen is sent."""
    from companion import app

    conn = Conn()
    session = FletSession(conn)
    conn.session = session
    session.attach_connection(conn)
    page = session.page
    page.route, page.width, page.height = "/", width, height
    await app.main(page)
    session.get_page_patch()
    await settle(conn)
    return conn, session, page


def whale(s, page):
    from companion.base import ids
    from companion.kozyrnye_kity.widgets.card_picker import picker_ids

    assert s.new_game(["Аня", "Борис", "Вера"]).ok
    assert s.game.start_round("orca", 9, {"Аня": "blue-1", "Борис": "blue-2", "Вера": "sperm-1"}, "Аня").ok
    page.navigate("/game")
    return [], [picker_ids(ids.TABLE_PICK).card("sperm-3"), ids.TABLE_UNDO]


def vzhuh(s, page):
    from companion.vzhuh import ids as vz

    assert s.new_game(["Аня", "Боря", "Вика"], game="vzhuh", first=0).ok
    page.navigate("/vzhuh")
    setup = [vz.entry_player(0), vz.entry_number(3), vz.RECORD, vz.entry_player(0), vz.entry_number(3)]
    return setup, [vz.RECORD, vz.UNDO]  # party 2 recorded, and «undo» (its entry comes back)


def royal(s, page):
    from companion.royal_mastheads import ids as rm

    assert s.new_game(["Аня", "Боря", "Вика", "Гоша"], game="royal-mastheads", first_dealer="Гоша",
                      variant="russian").ok
    page.navigate(s.game.route())
    return [rm.card("hearts-7"), rm.START_TRICKS], [rm.card("hearts-7"), rm.UNDO]


def kalmar(s, page):
    from companion.kalmar import ids as kl

    assert s.new_game(["Аня", "Боря", "Вика"], game="kalmar", dealer="Вика", first_card="green-5").ok
    page.navigate(s.game.route())
    return [kl.colour("play", "green")], [kl.digit("play", 7), kl.UNDO, kl.colour("play", "green")]


GAMES = {"whale": whale, "vzhuh": vzhuh, "royal": royal, "kalmar": kalmar}


async def run(game: str, pairs: int, profile: cProfile.Profile | None) -> None:
    from companion import app
    from companion.ui import _SESSIONS

    os.environ["KITY_DATA_DIR"] = tempfile.mkdtemp(prefix=f"kity-profile-{game}-")  # a new game: its own folder
    app.follow_the_table = lambda *a: None  # the phone edition: one tab, nobody to follow
    app.release_when_gone = lambda *a: None
    conn, session, page = await start_app()
    setup, taps = GAMES[game](_SESSIONS.get(page), page)
    await settle(conn)
    timed = [t for t in taps if not t.startswith("kl-play-colour")]  # a colour only chooses the move's card
    figures = {t: Counter() for t in timed}
    writes: dict = {t: {"taps": 0} for t in timed}
    for ident in setup:
        await session.dispatch_event(by_id(session, ident)._i, "click", None)
        await settle(conn)
    for n in range(pairs + 2):
        for ident in taps:
            counted = n >= 2 and ident in figures  # two pairs first: what is made once is made
            before = len(conn.sent)
            CALLS.clear()
            WRITES.clear()
            COUNTING[0] = counted
            if counted and profile is not None:
                profile.enable()
            await session.dispatch_event(by_id(session, ident)._i, "click", None)
            await settle(conn)
            if profile is not None:
                profile.disable()
            COUNTING[0] = False
            if counted:
                got = conn.sent[before:]
                figures[ident].update({"taps": 1, "messages": len(got), "bytes": sum(b for _, b in got), **CALLS})
                writes[ident]["taps"] += 1
                for name, size in WRITES:
                    w = writes[ident].setdefault(name, [0, size, size])
                    w[0], w[1], w[2] = w[0] + 1, min(w[1], size), max(w[2], size)
    for ident, f in figures.items():
        w = writes[ident]
        n = w.pop("taps")
        print(f"{game} · {ident}: {sum(c for c, _, _ in w.values()) / n:.1f} store writes a tap"
              + "".join(f"; {name} ×{c / n:.1f} ({lo:,}–{hi:,} bytes)" for name, (c, lo, hi) in sorted(w.items())))
        n = f.pop("taps")
        parts = ", ".join(f"{k} {v / n:,.0f}" for k, v in f.most_common() if k not in ("messages", "bytes"))
        print(f"{game} · {ident}: {f['messages'] / n:.1f} messages, {f['bytes'] / n:,.0f} bytes, "
              f"{sum(v for k, v in f.items() if k not in ('messages', 'bytes')) / n:,.0f} Python calls a tap "
              f"({parts})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", help=f"of {', '.join(GAMES)} (default: all)")
    ap.add_argument("--pairs", type=int, default=20, help="taps of each kind counted (after two not counted)")
    ap.add_argument("--cprofile", action="store_true", help="also print the taps' cProfile, by own time")
    args = ap.parse_args()
    games = args.games or list(GAMES)
    if set(games) - set(GAMES):
        ap.error(f"games are {', '.join(GAMES)}")

    update = Component.update

    def counted_update(self):  # the calls a component's drawing makes are its own
        outer, PHASE[0] = PHASE[0], getattr(self.fn, "__name__", "?")
        try:
            return update(self)
        finally:
            PHASE[0] = outer

    Component.update = counted_update

    from companion.store.atomic import AtomicJSONStorage

    write = AtomicJSONStorage.write

    def counted_write(self, data):  # each file the store writes, and its size (issue 52)
        write(self, data)
        if COUNTING[0]:
            WRITES.append((os.path.relpath(self.path, os.environ["KITY_DATA_DIR"]), len(self._text.encode())))

    AtomicJSONStorage.write = counted_write

    def count(frame, event, arg):
        if event == "call" and COUNTING[0]:
            CALLS[PHASE[0]] += 1

    for game in games:
        profile = cProfile.Profile() if args.cprofile else None
        if profile is None:  # (cProfile and the call count both need the profile hook)
            sys.setprofile(count)
        asyncio.run(run(game, args.pairs, profile))
        sys.setprofile(None)
        if profile is not None:
            pstats.Stats(profile).sort_stats(os.environ.get("KITY_PSORT", "tottime")).print_stats(os.environ.get("KITY_PFILTER", ""), 30)


if __name__ == "__main__":
    main()
