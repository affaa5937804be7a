"""Plain-text logs for the bot processes where every record is one line that cannot be forged.

Log messages carry text from outside (file names, exception texts, Slack and Teams ids); a raw newline in
one would start a line that looks like another record. Here newlines and other control characters in
the message are written escaped (``\\n``), and a traceback's lines are indented under their record.
(``DRUGPILOT_LOG_FORMAT=json`` logs are one JSON object per line already.)
"""

from __future__ import annotations

import logging
import re

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def escape(text: str) -> str:
    return _CONTROL.sub(lambda m: {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(m.group(), f"\\x{ord(m.group()):02x}"),
                        text)


class OneLineFormatter(logging.Formatter):
    def formatMessage(self, record: logging.LogRecord) -> str:  # logging's name
        record.message = escape(record.message)
        return super().formatMessage(record)

    def formatException(self, ei: object) -> str:
        text = super().formatException(ei)  # type: ignore[arg-type]
        return "\n".join("    | " + escape(line) for line in text.splitlines())

    def formatStack(self, stack_info: str) -> str:
        return "\n".join("    | " + escape(line) for line in stack_info.splitlines())


def configure_text(level: str) -> None:
    """Like ``logging.basicConfig``: does nothing when the root logger has handlers (JSON logs, tests)."""
    root = logging.getLogger()
    if root.handlers:
        return
    handler = logging.StreamHandler()
    handler.setFormatter(OneLineFormatter(FORMAT))
    root.addHandler(handler)
    root.setLevel(level.upper())
