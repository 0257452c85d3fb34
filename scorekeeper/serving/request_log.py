"""One line per request in gunicorn's access log, without the secret links' tokens.

A share link is its own password (``/s/<token>``): a log that kept it whole would let
whoever reads the log edit every game. Each token is cut to its first few characters,
enough to tell games apart in the log.
"""

from __future__ import annotations

import logging
import re
import sys

from gunicorn.glogging import Logger

# time, client, request line, status, bytes sent, milliseconds taken
FORMAT = '%(t)s %(h)s "%(r)s" %(s)s %(b)s %(M)sms'
KEPT_CHARACTERS = 4
# A token is 16 or more URL-safe characters (secrets.token_urlsafe) standing as a whole path
# segment or query value. Words in addresses (a variant's name such as around-the-corner)
# are lowercase letters and dashes; a random token has a capital or a digit all but always.
_TOKEN_LIKE = re.compile(r"(?<=[/=])[A-Za-z0-9_-]{16,}(?=[/?&#.;\s]|$)")


def _shortened(match: re.Match[str]) -> str:
    word = match.group(0)
    if word.islower() and not any(character.isdigit() for character in word):
        return word
    return word[:KEPT_CHARACTERS] + "..."


def without_tokens(text: str) -> str:
    """A request line, path or query with every token cut short.

    >>> without_tokens("GET /s/Xy3kP9qWmZ2rT5vB8nL1aQ HTTP/1.1")
    'GET /s/Xy3k... HTTP/1.1'
    >>> without_tokens("/s/Xy3kP9qWmZ2rT5vB8nL1aQ/rounds/new?session=Xy3kP9qWmZ2rT5vB8nL1aQ")
    '/s/Xy3k.../rounds/new?session=Xy3k...'
    >>> without_tokens("GET /new/around-the-corner HTTP/1.1")
    'GET /new/around-the-corner HTTP/1.1'
    """
    return _TOKEN_LIKE.sub(_shortened, text)


class RequestLog(Logger):
    """gunicorn's logger, writing the access log to standard error beside its error log
    (standard output holds only serve's first lines) with tokens shortened."""

    def setup(self, cfg) -> None:
        if cfg.access_log_format != FORMAT:
            raise ValueError(f"the request log writes {FORMAT!r} and no other format")
        super().setup(cfg)
        for handler in self.access_log.handlers:
            if isinstance(handler, logging.StreamHandler) and handler.stream is sys.stdout:
                handler.setStream(sys.stderr)

    def atoms(self, resp, req, environ, request_time) -> dict:
        # only what FORMAT shows: gunicorn's atoms() makes one for each header and environment
        # key of the request (some fifty), for the log to copy them all and print six
        status = resp.status
        sent = getattr(resp, "sent", None)
        request_line = (
            f"{environ['REQUEST_METHOD']} {environ['RAW_URI']} {environ['SERVER_PROTOCOL']}"
        )
        return {
            "t": self.now(),
            "h": environ.get("REMOTE_ADDR", "-"),
            "r": without_tokens(request_line),
            "s": status.split(None, 1)[0] if isinstance(status, str) else status,
            "b": str(sent) if sent is not None else "-",
            "M": request_time.seconds * 1000 + request_time.microseconds // 1000,
        }
