"""What lets a table lose the network and lose nothing: the service worker's address,
the words the offline scripts show, and the server's word that a draft stored on the phone
was saved.

The scripts themselves (static/drafts.js, static/offline.js, static/sw.js) hold no words
and no rules: the words come from here, in the page's language, and every round is scored
by the server when it arrives.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, request, send_from_directory

from scorekeeper.language.i18n import current_language
from scorekeeper.language.i18n import gettext as _

bp = Blueprint("offline", __name__)

# The cookie that tells the page which draft the server has just saved: the page's script
# reads it, so it is not HttpOnly, and it holds only the random id the script made.
SAVED_DRAFT_COOKIE = "draft_saved"
DRAFT_FIELD = "draft_ack"
_DRAFT_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, from the root so its scope is the whole app; asked for afresh
    on every check, so a new version reaches the phones at once."""
    response = send_from_directory(
        current_app.static_folder or "static", "sw.js", mimetype="text/javascript", max_age=0
    )
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@bp.after_app_request
def acknowledge_draft(response: Response) -> Response:
    """A form sent with a draft's id and answered by a redirect was taken by the server
    (saved, already saved, or refused for good with a message): its draft may go."""
    if request.method == "POST" and response.status_code in (301, 302, 303):
        draft = request.form.get(DRAFT_FIELD, "")
        if _DRAFT_ID.fullmatch(draft):
            response.set_cookie(
                SAVED_DRAFT_COOKIE,
                draft,
                max_age=600,
                samesite="Lax",
                secure=request.is_secure,
                httponly=False,
            )
    return response


def _plural(forms: Callable[[int], str]) -> dict[str, str]:
    """The language's singular and plural with a ``{n}`` slot: the script picks one with
    Intl.PluralRules for the number it has."""
    return {"one": forms(1) % {"num": "{n}"}, "other": forms(2) % {"num": "{n}"}}


# worked out once per language: every page carries them, and they are some forty words
_OFFLINE_WORDS: dict[str, dict[str, Any]] = {}


@bp.app_template_global()
def offline_strings() -> dict[str, Any]:
    """Every word the draft and offline scripts show, in the page's language."""
    lang = current_language().lang
    if lang not in _OFFLINE_WORDS:
        _OFFLINE_WORDS[lang] = _offline_words()
    return _OFFLINE_WORDS[lang]


def _offline_words() -> dict[str, Any]:
    words = current_language().translations
    return {
        "lang": current_language().lang,
        "restored": _("What you typed earlier is back. It is not saved yet."),
        "clear": _("Clear it"),
        "waiting": _plural(
            lambda n: words.ungettext(
                "%(num)s entry is waiting to be sent.",
                "%(num)s entries are waiting to be sent.",
                n,
            )
        ),
        "stuck": _plural(
            lambda n: words.ungettext(
                "%(num)s entry was not sent: open it to save it again or drop it.",
                "%(num)s entries were not sent: open each to save it again or drop it.",
                n,
            )
        ),
        "states": {
            "waiting": _("waiting to be sent"),
            "sending": _("sending…"),
            "conflict": _("not sent: another phone saved this round meanwhile"),
            "refused": _("not sent: the server refused it"),
        },
        "yours": _("Yours:"),
        "open": _("Open"),
        "drop": _("Drop"),
        "confirm_drop": _("Drop this entry? It will not be sent."),
        "queued": _(
            "No network: this round is kept on this phone and sent when the network is back."
        ),
        "busy_form": _("Finish or clear the entry typed on that form first."),
        "offline_as_of": _("Offline, as of %(time)s", time="{time}"),
        "offline": _("Offline"),
        "not_in_replica": _("Last round not yet in the backup copy: this phone keeps it."),
        "replica_stalled": _(
            "The backup copy has not taken the last round for over a minute: this phone "
            "keeps it. Tell whoever runs the server."
        ),
        "restored_rounds": _plural(
            lambda n: words.ungettext(
                "Restored %(num)s round from this phone.",
                "Restored %(num)s rounds from this phone.",
                n,
            )
        ),
    }
