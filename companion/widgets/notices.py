"""The session's notices in the user's language.

A :class:`companion.ui.session.Notice` is either an engine error (it brings its own text, with the
rule ID) or a message key + parameters, rendered here through the UI catalog.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional

import flet as ft

from ..base import ids
from ..base.i18n import lang, t, tn
from ..core.outcome import Notice
from ..core.packs import game as pack
from ..network.link import REFUSED_WORDS
from ..ui import tagged

log = logging.getLogger("kity")


def _changes(notice) -> str:
    """What an edit changed, each kind in words: every game's kinds here, a game's own kinds in
    the words its declaration gives them (:attr:`Game.change_words`)."""
    try:
        own = dict(pack(notice.params.get("game", "")).change_words)
    except (KeyError, AttributeError):
        own = {}
    lines = []
    for ch in getattr(notice, "changes", ())[:6]:
        p = ch.params
        if ch.key in own:
            lines.append(t(own[ch.key]).format(**p))
        elif ch.key == "total":
            lines.append(t("{player}: total from {old} to {new}.").format(**p))
        elif ch.key in ("violation-new", "violation-gone"):
            v = p["violation"]
            lines.append(("+ " if ch.key == "violation-new" else "− ") + v.text(lang()))
        elif ch.key == "winner":
            lines.append(t("Winner: {new}.").format(new=p.get("new") or "—"))
    return " ".join(lines)


def _catalog(key: str, params: Mapping[str, Any], lg: str) -> str:
    simple: dict[str, Callable[[], str]] = {
        "session.game-running": lambda: t("A game is already running: finish or abandon it first."),
        "session.no-game": lambda: t("There is no game running."),
        "session.not-over": lambda: t("The game is not over yet ({rule}).").format(rule=params.get("rule", "")),
        "session.bad-mode": lambda: t("Unknown game mode."),
        "session.bad-card": lambda: t("Unknown card."),
        "session.pad-mode": lambda: t("This game is kept as a score pad only."),
        "session.nothing-to-undo": lambda: t("Nothing to undo."),
        "session.nothing-to-redo": lambda: t("Nothing to redo."),
        "session.no-entry": lambda: t("That entry does not exist."),
        "session.bad-entry": lambda: t("That entry cannot be used."),
        "session.bad-fact": lambda: t("That card fact cannot be saved."),
        "session.conflict": lambda: t("The game was changed on another screen; this is the latest state."),
        "session.stale": lambda: t("Another phone made its entry first: the table is updated, yours was not saved."),
        "session.same": lambda: t("Another phone entered the same first: it is on the table once."),
        "session.draft-stale": lambda: t("Another phone chose this first: its choice is shown, yours was not saved."),
        "session.draft-same": lambda: t("Another phone chose the same first: it is entered once."),
        "session.file-too-big": lambda: t("The file is too large for a game record ({size} MB; at most {limit} MB). "
                                          "Nothing was sent.").format(
                                              size=f"{params.get('size', 0) / 2**20:.1f}",
                                              limit=f"{params.get('limit', 0) / 2**20:.0f}"),
        "session.archive-too-big": lambda: t("The file is too large for an archive of games ({size} MB; at most "
                                             "{limit} MB). Nothing was sent.").format(
                                                 size=f"{params.get('size', 0) / 2**20:.1f}",
                                                 limit=f"{params.get('limit', 0) / 2**20:.0f}"),
        "session.bad-name": lambda: t("The name {name} cannot be used: at most {limit} characters, no control "
                                      "characters.").format(name=params.get("name", ""), limit=params.get("limit", "")),
        "session.not-saved": lambda: t("Could not save ({reason}): nothing was changed. Free some space on the "
                                       "device or check the data folder, then try again.").format(
                                           reason=params.get("reason", "")),
        "session.unreadable-game": lambda: t("The saved game could not be read; it was put aside in the history."),
        "session.imported": lambda: t("The game record was added to the history."),
        "session.not-resumable": lambda: t("Only a stopped game can be continued."),  # issue 19, point 4
        # issue 42: the people of the table and the whole archive
        "people.name-taken": lambda: t("{name} is already {person}: merge the two people instead.").format(
            name=params.get("name", ""), person=params.get("person", "")),
        "people.played-together": lambda: t("{a} and {b} played at one game: they are two people and cannot be "
                                            "merged.").format(a=params.get("a", ""), b=params.get("b", "")),
        # issue 51: a person is in one seat
        "people.one-seat": lambda: t("«{a}» and «{b}» are one person ({person}): one seat each at the table.").format(
            a=params.get("a", ""), b=params.get("b", ""), person=params.get("person", "")),
        "people.name-played-together": lambda: t("{name} and {person} played at one game: «{name}» cannot be "
                                                 "{person}.").format(name=params.get("name", ""),
                                                                     person=params.get("person", "")),
        "people.bad-name": lambda: t("This name cannot be used: at most 40 characters, no control characters."),
        "people.empty-name": lambda: t("Enter a name."),
        "people.same": lambda: t("Choose another person to merge with."),
        "people.unknown": lambda: t("That person is no longer in the list."),
        "session.not-an-archive": lambda: t("This file is not an archive of Киты games; nothing was imported."),
        "session.archive-imported": lambda: t("Archive imported: {added} new, {skipped} already kept or "
                                              "unreadable.").format(added=params.get("added", 0),
                                                                    skipped=params.get("skipped", 0)),
        "session.archive-stopped": lambda: t("Stopped at game {looked} of {total}: the games taken in are kept; "
                                             "take the archive in again for the rest.").format(
            looked=params.get("looked", 0), total=params.get("total", 0)),
    }
    if key in ("session.undone", "session.redone"):
        return undo_text(key, params)
    if key == "session.changed":
        n = int(params.get("count", 0))
        return tn("{n} thing changed.", "{n} things changed.", n)
    fn = simple.get(key)
    if fn is not None:
        return fn()
    if key.startswith("storage."):
        return storage_text(key[len("storage."):], params)
    return t("Something went wrong. Nothing was lost; please try again.")


def action_text(a: Mapping[str, Any], game: str) -> str:
    """A short readable description of one logged action of ``game`` (used in 'entries that no
    longer fit' and in the histories): the game's own words (its pack's ``action_text``; the
    same action type may mean another thing in another game, "play")."""
    try:
        return pack(game).shell.action_text(a)
    except Exception:
        log.exception("action text")
    return str(a.get("type"))


_CHANGE_WORDS = {"add": lambda: t("entry"), "edit": lambda: t("correction"),
                 "insert": lambda: t("inserted entry"), "delete": lambda: t("deletion of the entry")}


def undo_text(key: str, params: Mapping[str, Any]) -> str:
    """«Отменено: исправление партии 1 (Оля 36 · Маша 60)»: what an undo or a redo took back
    or did again, with where it stands in the game in that game's words."""
    game = params.get("game", "")
    try:
        words = pack(game)
        rnd, trick = int(params.get("round") or 0), int(params.get("trick") or 0)
        place = t(words.place_trick) if trick and words.place_trick else t(words.place)
        place = place.format(round=rnd, trick=trick) if rnd else ""
    except (KeyError, AttributeError, TypeError, ValueError):
        place = ""
    change = _CHANGE_WORDS.get(params.get("change"), _CHANGE_WORDS["add"])()
    what = f"{change} {place}".strip()
    entry = action_text(params.get("action") or {}, game)
    if entry:
        what += f" ({entry})"
    return (t("Undone: {what}.") if key == "session.undone" else t("Redone: {what}.")).format(what=what)


def storage_text(code: str, params) -> str:
    """What a storage incident means for the user: only what was really set aside, restored or
    left alone, and what to do."""
    file, kept = params.get("file", ""), ", ".join(params.get("kept_aside", ()) or ())
    if code == "restored_from_backup":
        return t("The saved file {file} was damaged; the last good copy was restored.").format(file=file)
    if code == "reset_to_empty":
        return t("The saved file {file} was damaged and had no good copy; it was kept aside as {kept}.").format(
            file=file, kept=kept)
    if code == "backup_set_aside":
        return t("An old backup copy ({file}) was damaged and was kept aside as {kept}. Your data is fine.").format(
            file=file, kept=kept)
    if code == "moved_aside":
        return t("Something stood where {file} belongs; it was kept aside as {kept}.").format(file=file, kept=kept)
    if code == "unreadable":
        return t("{file} in the data folder cannot be read; it was left as it is. Check the folder's "
                 "permissions.").format(file=file)
    if code == "not_saved":
        return t("A repair of the saved games could not be written; it is tried again at the next start.")
    if code == "refused":  # the phone edition: the browser keeps no data (companion/base/platform.py)
        return t("This browser does not let Киты keep data, so the games live only while this page is open. "
                 "Export a game to keep it.")
    if code == "private":
        return t("This looks like a private window: the browser deletes what Киты keeps when the window is "
                 "closed. Export a game to keep it, or open Киты in a normal window.")
    if code == "full":
        return t("The browser's storage for Киты is full: the latest entries live only while this page is open. "
                 "Export the game, then free some space.")
    if code == "saved_again":
        return t("Everything is saved in the browser again.")
    return t("Some saved data was damaged and has been restored from the last good copy.")


def session_text(notice) -> str:
    """The text of a session notice (or outcome notice) in the current language."""
    if notice is None:
        return ""
    text = notice.text(lang(), _catalog)
    extra = _changes(notice) if notice.kind == "changed" else ""
    return f"{text} {extra}".strip()


def refusal_text(r) -> Callable[[], str]:
    """What a phone of the table says when the host refused its change (a protocol
    :class:`~companion.network.wire.Refused`; issue 40): the rule's words in this phone's
    language, the notice the host's session gave, or why in a word."""
    if r.text:
        words = dict(r.text)
        return lambda: words.get(lang()) or words.get("en") or ""
    if r.key and r.reason == "refused":
        n = Notice("refused", r.key, dict(r.params))
        return lambda: session_text(n)
    text = REFUSED_WORDS.get(r.reason, REFUSED_WORDS["refused"])
    return lambda: t(text)


def outcome_text(outcome) -> Callable[[], str]:
    """A callable for ``AppState.show``: the outcome's notice, rendered at display time."""
    n: Optional[object] = getattr(outcome, "notice", None)
    return lambda: session_text(n)


__all__ = ["session_text", "outcome_text"]


def undo_buttons(s, st, undo_id: str, redo_id: str, after: Callable[[], None] | None = None,
                 icon_size: int | None = None, shown: Callable[[str], str] | None = None) -> list:
    """«Отменить» and «Повторить» of every game screen: they take back or do again the last
    change of the table (an entry, a correction, an inserted or deleted entry) and say which.
    ``shown``: how the game's texts are put in the message bar (e.g. suit signs as words)."""
    return [
        undo_button(undo_id, True, not s.can_undo, icon_size, lambda: undo_step(st, s.undo, after, shown)),
        undo_button(redo_id, False, not s.can_redo, icon_size, lambda: undo_step(st, s.redo, after, shown)),
    ]


def undo_step(st, fn: Callable, after: Callable[[], None] | None = None,
              shown: Callable[[str], str] | None = None) -> None:
    """What «Отменить» or «Повторить» does (``fn``: the session's ``undo`` or ``redo``): the
    change, and what it took back or did again said in the message bar (:func:`undo_buttons`)."""
    out = fn()
    text = outcome_text(out)
    said = (lambda: shown(text())) if shown is not None else text
    if out.ok:
        st.show(said)
        if after is not None:
            after()
    elif out.notice is not None and out.notice.kind != "question":
        st.show(said, "problem")


def undo_button(ident: str, undo: bool, disabled: bool, icon_size: int | None, on_click, *,
                lg: str | None = None, key: str | None = None) -> ft.Control:
    """«Отменить» (``undo``) or «Повторить» of :func:`undo_buttons` (``lg``, ``key``: where a
    part that keeps it keeps it)."""
    return tagged(ident, ft.IconButton(ft.Icons.UNDO if undo else ft.Icons.REDO, tooltip=t("Undo") if undo else t("Redo"),
                                       icon_size=icon_size, disabled=disabled, on_click=on_click))


def report(st, out) -> bool:
    """After a session call: clear the message bar when it was done (or say what an undo or a
    redo took back), else show why it was refused (:func:`show_refusal`). Returns whether it
    was done."""
    if show_refusal(st, out):
        return False
    if out.notice is not None and out.notice.kind in ("undone", "redone"):
        st.show(outcome_text(out))
    else:
        st.dismiss()
    return True


def show_refusal(st, out) -> bool:
    """After a session call whose success the screen says itself: when it was refused, show
    why in the message bar (the engine's text, with the rule ID). Returns whether it was
    refused; when it was done, nothing is shown or cleared."""
    if out.ok:
        return False
    st.show(outcome_text(out), "problem")
    return True


@ft.observable
@dataclass
class StorageWarning:
    """The phone edition's storage state as the screens show it (companion/base/platform.py):
    None, or «refused», «private», «full». Set by the app when the state changes."""

    problem: Optional[str] = None


STORAGE = StorageWarning()  # one tab, one session in the browser; never set on the computer


@ft.component
def StorageBar(warning: StorageWarning):
    """Under every screen while anything lives only in memory (issue 43): not a message that
    the next entry clears, a bar that stays until the storage holds everything again."""
    if warning.problem is None:
        return ft.Container(height=0)
    return ft.Container(
        padding=ft.Padding.only(left=8, right=8, top=4, bottom=4),
        content=ft.Semantics(identifier=ids.STORAGE_WARNING, container=True, key=ids.STORAGE_WARNING, content=ft.Container(
            bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=12, padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            content=ft.Row([ft.Icon(ft.Icons.SD_CARD_ALERT_OUTLINED, color=ft.Colors.ON_ERROR_CONTAINER),
                            ft.Text(storage_text(warning.problem, {}), size=14, color=ft.Colors.ON_ERROR_CONTAINER,
                                    expand=True)],
                           vertical_alignment=ft.CrossAxisAlignment.CENTER))))


def damaged_note(row: Mapping, short: bool = False) -> list:
    """What the history says of an archived game whose file and backup copy are both damaged
    (the store lists it with ``damaged``, issue 43): nothing for a sound game."""
    if not row.get("damaged"):
        return []
    text = (t("Its record is damaged: the file and its backup copy cannot be read.") if short else
            t("The file of this game and its backup copy cannot be read: its record is lost, so it cannot be "
              "exported or continued. What the history shows of it (players, points) is kept, and the damaged "
              "files are not deleted."))
    ident = ids.stats_damaged(row.get("seq", 0)) if short else ids.STATS_DAMAGED
    return [ft.Semantics(identifier=ident, key=ident, content=ft.Text(text, size=14 if short else 16,
                                                                      color=ft.Colors.ERROR))]
