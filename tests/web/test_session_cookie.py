"""The signed session cookie, checked once per cookie value and kept (requests.SessionCookies):
what is kept never outlives the cookie's age, never accepts another value, and is never
shared between requests."""

from __future__ import annotations

import time
from unittest import mock

from flask import request

from scorekeeper import create_app

SECRET_KEY = "s" * 64
DAY = 24 * 3600


def _app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "cookie.sqlite"), "SECRET_KEY": SECRET_KEY})


def _signed(app, contents: dict) -> str:
    return app.session_interface.get_signing_serializer(app).dumps(contents)


def _opened(app, cookie: str):
    with app.test_request_context("/", headers={"Cookie": f"session={cookie}"}):
        return app.session_interface.open_session(app, request)


def test_a_cookie_is_read_back_each_time_it_comes(tmp_path):
    app = _app(tmp_path)
    cookie = _signed(app, {"device": "d" * 22})
    assert dict(_opened(app, cookie)) == {"device": "d" * 22}
    assert dict(_opened(app, cookie)) == {"device": "d" * 22}


def test_a_changed_cookie_is_refused_after_the_good_one_was_read(tmp_path):
    app = _app(tmp_path)
    cookie = _signed(app, {"device": "d" * 22})
    assert dict(_opened(app, cookie))
    payload, signature = cookie.rsplit(".", 1)
    forged = f"{payload}.{'A' if signature[0] != 'A' else 'B'}{signature[1:]}"
    assert dict(_opened(app, forged)) == {}


def test_a_cookie_read_once_still_expires_after_400_days(tmp_path):
    app = _app(tmp_path)
    cookie = _signed(app, {"device": "d" * 22})
    assert dict(_opened(app, cookie))
    later = time.time() + 401 * DAY
    with mock.patch("time.time", return_value=later):
        assert dict(_opened(app, cookie)) == {}


def test_a_message_added_in_one_request_is_not_in_the_next(tmp_path):
    app = _app(tmp_path)
    cookie = _signed(app, {"_flashes": [["message", "Round 1 saved."]]})
    first = _opened(app, cookie)
    first["_flashes"].append(["message", "Round 2 saved."])  # as flask.flash does
    assert _opened(app, cookie)["_flashes"] == [["message", "Round 1 saved."]]


def test_a_cookie_signed_with_another_key_is_refused(tmp_path):
    app = _app(tmp_path)
    other = create_app({"DATABASE": str(tmp_path / "other.sqlite"), "SECRET_KEY": "o" * 64})
    cookie = _signed(app, {"device": "d" * 22})
    assert dict(_opened(app, cookie))
    assert dict(_opened(other, cookie)) == {}
