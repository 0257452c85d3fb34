"""Flask-Talisman's security headers, at a price every answer can pay.

Every answer (a poll every few seconds from each phone watching a table, a picture's 304)
carries the same security headers. Talisman works them out anew each time: the view's
options looked up, the policies parsed and joined, the HTTPS criteria read (a share of a
poll's time), and two hooks before each request that have nothing to do here. When nothing
varies from one answer to the next (no view with options of its own, no nonce in the
policy, Talisman's HSTS off: the app sets it from the trusted scheme), Talisman's own
methods set them once, on a blank set of headers, and each answer gets that list, set in
the same order.
"""

from __future__ import annotations

from flask import Flask, Response
from flask_talisman import Talisman
from werkzeug.datastructures import Headers


class SecurityHeaders(Talisman):
    per_view = True  # until views_registered has looked
    _same_every_time: list[tuple[str, str]] | None = None

    def _varies(self) -> bool:
        """Whether an answer's headers may depend on its request or its view."""
        return bool(
            self.per_view or self.content_security_policy_nonce_in or self.strict_transport_security
        )

    def _set_response_headers(self, response):
        if self._varies():
            return super()._set_response_headers(response)
        if self._same_every_time is None:
            blank = Response()
            blank.headers = Headers()
            super()._set_response_headers(blank)
            self._same_every_time = list(blank.headers.items())
        for name, value in self._same_every_time:
            response.headers[name] = value
        return response

    def views_registered(self, app: Flask) -> None:
        """Called once the app's views are all there: takes off the hooks before every
        request that have nothing to do (one redirects to HTTPS, off for every view; one
        draws a nonce no policy takes), and tells whether any view has options of its own."""
        self.per_view = any(
            hasattr(view, "talisman_view_options") for view in app.view_functions.values()
        )
        if self.per_view:
            return  # a view with options of its own may force HTTPS or take a nonce
        idle = []
        if not self.force_https and not self.session_cookie_secure:
            idle.append(self._force_https)
        if not self.content_security_policy_nonce_in:
            idle.append(self._make_nonce)
        hooks = app.before_request_funcs.get(None, [])
        app.before_request_funcs[None] = [hook for hook in hooks if hook not in idle]
