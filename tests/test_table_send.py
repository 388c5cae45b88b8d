"""The table's web server sends each update without formatting it into a debug line first
(issue 18: Flet 1.0.5 formats the repr of every control of every update even with debug logging
off, a tenth of the server's CPU at a table of four): the same bytes go out, and no repr is made."""
from __future__ import annotations

import msgpack

from flet_web.fastapi.flet_app import FletApp
from flet.messaging.protocol import Message, MessageAction

from companion.serve.server import quiet_send_message


class Loud(Message):
    def __repr__(self) -> str:  # formatting the message is exactly what must not happen
        raise AssertionError("the message was formatted")


class Queue(list):
    def put_nowait(self, item):
        self.append(item)


def test_send_message_sends_the_same_bytes_without_formatting_the_message():
    assert quiet_send_message() is True
    assert quiet_send_message() is True  # once is enough; again changes nothing
    app = FletApp.__new__(FletApp)
    app._FletApp__send_queue = sent = Queue()
    body = {"id": 7, "patch": [[0], ["Лена", 3]]}
    app.send_message(Loud(MessageAction.PATCH_CONTROL, body))
    assert sent == [b"\x00" + msgpack.packb([MessageAction.PATCH_CONTROL.value, body])]
