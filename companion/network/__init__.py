"""The network layer (issue 40): phones at one table linked to each other, with no computer and no
internet. The table's log between phones: one host orders it, every guest keeps and folds its own copy.

Flet-free and I/O-free ("sans-IO"): a :class:`Host` or a :class:`Guest` is handed a received
message (text) and returns the messages to send; the transport (WebRTC data channels in the phone
edition, a fake lossy channel in ``tests/test_p2p_protocol.py``) only carries them.

**The state id** is the one the log session and the store already use for compare-and-swap:
the current game's id and its stored ``revision`` (+1 per saved change; a new game starts at 0),
:class:`StateId` ``(game, rev)``; ``(None, 0)`` when no game is running. A guest's copy is written
into its own store with the host's game id and revision (``Store.mirror_current``, then the
store's own ``append_action`` / ``replace_log``), so the two numbers mean the same on every phone,
after a host restart, and after a takeover.

What travels (as boardgame.io's master does it: one authority, the client's state id checked):

* A guest sends :class:`Propose` ``(seen, nonce, op)``: an entry (``do``), undo, redo, a
  correction (``edit``), an inserted or deleted entry, a new game, finish or abandon. The host
  refuses it if ``seen`` is not its state (:class:`Refused` ``"stale"`` with the current id;
  the guest then catches up), else runs it through its own log session (so the game's engine
  checks it, for every game) and answers :class:`Accepted` or :class:`Refused` with the engine's
  rule and text. A nonce answered once is answered the same way again (a duplicated proposal
  is never applied twice; a stale ``seen`` could not be applied anyway).
* Every saved change goes to every guest as one :class:`Entry` — the change, never a screen:
  ``{"change": "add"|"insert"|"edit"|"delete", "at", "new"}`` (the log session's own redo
  form of a change), ``{"change": "undo"}``, ``{"change": "redo"}`` (the guest walks its
  copy of the same undo history), ``{"change": "game", ...}`` (a whole game: a new game, or
  a jump the host cannot express as one change) and ``{"change": "end", "status"}``. Each entry
  has the host's run (``epoch``) and a sequence number ``seq`` (+1 per entry): a guest applies
  entry ``seq + 1`` on top of its state ``prev`` only; a duplicate is ignored, a gap is held and
  the guest asks again (:class:`Resume`); the host's heartbeat (:class:`Head`,
  :meth:`Host.tick`) tells a guest that lost the last entry. The deck facts of the host's
  store (what the whale game asks the table) go as :class:`Facts`, the whole table with its
  own counter. A guest's card question is asked on the guest (its relayed session checks an
  entry with the same engine and facts first): its answer goes to the host as a ``fact``
  proposal ahead of the entry that needed it (:meth:`Guest.propose`).
* The table's draft (``session/draft.py``: a whale round's setup — the trump, each player's first
  bonus, the first player — entered on any phone before it is one entry) goes as :class:`Draft`,
  the whole draft with its own counter (in the heartbeat too, so a lost one is asked again). A
  guest's change of it is a ``draft`` proposal naming the field, its new value and the value it
  showed: a field changed since by another phone is refused and said (issue 50).
* Joining: the host's invitation holds a one-time secret (:meth:`Host.new_code`); a
  :class:`Hello` with it (once) is answered by a :class:`Welcome` with a ticket for coming back
  (:class:`Resume`, no new scan). The host then sends the entries after the guest's state when
  it holds them (same run and sequence number; or a state of its recent ones whose content
  digest matches), else a :class:`Snapshot` of the whole game. A phone that holds a ticket and
  scans a new code comes back with the ticket first (the same peer: its number and name kept);
  a host that does not know the ticket gets the Hello instead. After each Welcome (and when it
  changes) a guest tells its «Это я» in a :class:`Seat`: the host's list names the phone by it.
* Takeover: a guest holds the whole log in its own store, so :meth:`Guest.take_over` makes it
  the host of its copy; the others join it with its code, and the digest of their state lets
  them catch up without a new copy.

Every message is a frozen dataclass with a tag, written as compact JSON. :func:`decode` checks
the size, the JSON, the tag and every field's type and never raises: what it cannot take is a
:class:`Bad` (a typed refusal); the host answers it with a :class:`Refused` and changes nothing.

The modules: :mod:`.wire` (the messages), :mod:`.content` (a game as it travels, and the one walk
of its changes), :mod:`.host` and :mod:`.guest` (who answers what), :mod:`.link` (the phone
edition's transport to the page's WebRTC links; the screens are given to it as callbacks).
"""
