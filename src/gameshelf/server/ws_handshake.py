"""uvicorn's WebSocket protocol, answering the opening handshakes it cannot parse.

The ``websockets`` library refuses a request line over 8 KiB with 414 and over-long or too many
header lines with 431, but uvicorn's protocol only looks at the parsed events: the refusal stayed in
the buffer, nothing was answered and the socket stayed open. Here the refusal is written and the
connection closed (a request that is not HTTP at all is just closed). ``gameshelf serve`` runs with
this class (``uvicorn.run(..., ws=...)``).

It also offers the table connections a direct way out (the hot path: every seat's update after every
move): ``scope["extensions"]["gameshelf.send_text"]`` writes a whole text message to the socket at
once, as the protocol's own ``websocket.send`` would write it (one unmasked, unfragmented frame),
without the ASGI send chain and a task switch per message. It writes only when that send would write
at once: the handshake done, nothing closing, no extension negotiated, the transport not paused;
otherwise it answers False and the caller sends through ASGI, which waits as it should.

The way in has its short cut too: a chunk of bytes that is exactly one final, masked text frame of a
size the protocol accepts (a client's action: the common case), read while the frame parser waits at
the start of a frame, is unmasked and queued for the application here, as the parser would have
queued it, without the parser's generators. Anything else (control frames, fragments, several or
partial frames in a chunk, bad UTF-8) goes to the parser; a chunk that does not end at a frame's end
leaves this connection on the parser for good (the boundary is no longer known here).
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import apply_mask  # (the C speedup when built)
from websockets.protocol import State

PROTOCOL = "gameshelf.server.ws_handshake:WebSocketProtocol"


SEND_TEXT = "gameshelf.send_text"
QUEUED_BEFORE_PAUSE = 4  # messages the application has not read yet before the socket stops being read


def whole_frames(data: bytes) -> bool:
    """True if ``data`` is a sequence of whole frames (it ends where a frame ends)."""
    at, size = 0, len(data)
    while at < size:
        if at + 2 > size:
            return False
        second = data[at + 1]
        length, at = second & 0x7F, at + 2
        if length == 126:
            if at + 2 > size:
                return False
            length, at = int.from_bytes(data[at:at + 2], "big"), at + 2
        elif length == 127:
            if at + 8 > size:
                return False
            length, at = int.from_bytes(data[at:at + 8], "big"), at + 8
        at += length + (4 if second & 0x80 else 0)
    return at == size


def text_frame(data: bytes) -> bytes:
    """``data`` (UTF-8) as one final, unmasked text frame: what a server writes (RFC 6455 5.2)."""
    size = len(data)
    if size < 126:
        return bytes((0x81, size)) + data
    if size < 65536:
        return b"\x81\x7e" + size.to_bytes(2, "big") + data
    return b"\x81\x7f" + size.to_bytes(8, "big") + data


class WebSocketProtocol(WebSocketsSansIOProtocol):
    at_frame_start = False  # the frame parser waits at the start of a frame (known from the bytes seen)

    def handle_connect(self, event) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None and not self.close_sent:
            scope["extensions"][SEND_TEXT] = self.send_text_now

    def send_text_now(self, text: str) -> bool:
        """Write ``text`` as one text message now, if the ASGI send would write it at once; False
        (nothing written) otherwise: the caller sends it through ASGI."""
        if (not self.handshake_complete or self.close_sent or self.disconnected or self.initial_response is not None
                or not self.writable.is_set() or self.conn.state is not State.OPEN or self.conn.extensions
                or self.transport.is_closing()):
            return False
        self.transport.write(text_frame(text.encode()))
        return True

    def data_received(self, data: bytes) -> None:
        if not self.handshake_initiated:
            self.conn.receive_data(data)
            if self.conn.handshake_exc is not None:
                self._refuse()
                return
            self.handle_events()
            # The request read and nothing after it: the parser waits for the first frame.
            self.at_frame_start = self.handshake_initiated and not self.conn.reader.buffer
            return
        if self.at_frame_start:
            text = self._one_text_frame(data)
            if text is not None:
                if not self.close_sent:  # (past its close the application reads nothing more)
                    self.queue.put_nowait({"type": "websocket.receive", "text": text})
                    if not self.read_paused and self.queue.qsize() >= QUEUED_BEFORE_PAUSE:
                        self.read_paused = True
                        self.transport.pause_reading()
                return
            self.at_frame_start = whole_frames(data)
        super().data_received(data)

    def _one_text_frame(self, data: bytes) -> str | None:
        """The text of ``data`` if it is exactly one final, masked text frame the parser would pass
        to the application as it is; None (the parser reads it) for anything else."""
        conn = self.conn
        if (len(data) < 6 or data[0] != 0x81 or not data[1] & 0x80 or conn.state is not State.OPEN
                or conn.current_size is not None or conn.extensions or self.frames or conn.reader.buffer):
            return None
        length, start = data[1] & 0x7F, 2
        if length == 126:
            length, start = int.from_bytes(data[2:4], "big"), 4
        elif length == 127:
            return None
        if len(data) != start + 4 + length:
            return None
        for limit in (conn.max_message_size, conn.max_fragment_size):
            if limit is not None and length > limit:
                return None
        try:
            return apply_mask(data[start + 4:], data[start:start + 4]).decode()
        except UnicodeDecodeError:
            return None  # the parser closes with 1007

    def _refuse(self) -> None:
        """Send what the parser answered (414 or 431), then close: the handshake cannot go on."""
        self.logger.info("%s - WebSocket handshake refused: %s", self.client and self.client[0],
                         self.conn.handshake_exc)
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.handshake_initiated = self.handshake_complete = self.close_sent = True
        self.transport.close()
