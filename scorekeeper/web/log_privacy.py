"""Logs never hold a whole session link: an edit link in a log is the game, to anyone who
reads the log. A traceback's lines and a log message keep a token's first characters only,
enough to tell two games apart."""

from __future__ import annotations

import logging
import re

# a link's token (22 URL-safe characters: 128 bits) after a slash or an "=" in a URL
_TOKEN = re.compile(r"(?<=[/=])([A-Za-z0-9_-]{4})[A-Za-z0-9_-]{18,}")


def hide_tokens(text: str) -> str:
    """
    >>> hide_tokens("Exception on /s/zY_Yacxa9n03u37rcEq4Zg/rounds/new [POST]")
    'Exception on /s/zY_Y…/rounds/new [POST]'
    """
    return _TOKEN.sub(r"\1…", text)


class TokensHidden(logging.Filter):
    """Rewrites each record of the logger it is added to, traceback included."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = hide_tokens(record.getMessage())
        record.args = ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = hide_tokens(record.exc_text)
        if record.stack_info:
            record.stack_info = hide_tokens(record.stack_info)
        return True
