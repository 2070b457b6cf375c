"""Server logs never carry a session token."""

from __future__ import annotations

import logging
import re


class RedactTokens(logging.Filter):
    """``token=...`` in a logged URL becomes ``token=[redacted]`` (uvicorn logs each WebSocket's path
    and query at info level; clients that still send ``?token=`` must not leave it in the log)."""

    PATTERN = re.compile(r"([?&]token=)[^&\s\"']*")

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args and isinstance(record.args, tuple):
            record.args = tuple(self.PATTERN.sub(r"\1[redacted]", a) if isinstance(a, str) else a
                                for a in record.args)
        elif isinstance(record.msg, str):
            record.msg = self.PATTERN.sub(r"\1[redacted]", record.msg)
        return True


def redact_tokens() -> None:
    for name in ("uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
