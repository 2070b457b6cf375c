"""uvicorn's WebSocket protocol, answering the opening handshakes it cannot parse.

The ``websockets`` library refuses a request line over 8 KiB with 414 and over-long or too many
header lines with 431, but uvicorn's protocol only looks at the parsed events: the refusal stayed in
the buffer, nothing was answered and the socket stayed open. Here the refusal is written and the
connection closed (a request that is not HTTP at all is just closed). ``gameshelf serve`` runs with
this class (``uvicorn.run(..., ws=...)``).
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

PROTOCOL = "gameshelf.server.ws_handshake:WebSocketProtocol"


class WebSocketProtocol(WebSocketsSansIOProtocol):
    def data_received(self, data: bytes) -> None:
        if not self.handshake_initiated:
            self.conn.receive_data(data)
            if self.conn.handshake_exc is not None:
                self._refuse()
                return
            self.handle_events()
            return
        super().data_received(data)

    def _refuse(self) -> None:
        """Send what the parser answered (414 or 431), then close: the handshake cannot go on."""
        self.logger.info("%s - WebSocket handshake refused: %s", self.client and self.client[0],
                         self.conn.handshake_exc)
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.handshake_initiated = self.handshake_complete = self.close_sent = True
        self.transport.close()
