"""Starting a session, its page (score sheet), sharing links, corrections history, and each phone's list."""

from __future__ import annotations

import functools
import hashlib
import re
from io import BytesIO
from typing import Any

import segno
from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    get_template_attribute,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask import session as cookie
from markupsafe import Markup, escape

from scorekeeper.language.formatting import cards_text, translated
from scorekeeper.language.i18n import current_language
from scorekeeper.language.i18n import gettext as _
from scorekeeper.language.paper import paper_for
from scorekeeper.printing.printable import running_totals_chart
from scorekeeper.rules import RulesError
from scorekeeper.rules.catalog import resolve
from scorekeeper.rules.games import winner_deals
from scorekeeper.rules.records import VARIANTS
from scorekeeper.storage import (
    changes,
    device_store,
    history_store,
    session_store,
)
from scorekeeper.storage.game_page import ROWS_PER_PAGE, build_sheet, chart_totals
from scorekeeper.web import rate_limits
from scorekeeper.web.errors import keeping_the_form
from scorekeeper.web.extensions import cached_render
from scorekeeper.web.form_base import page_csrf_token
from scorekeeper.web.forms import (
    EmptyForm,
    option_field,
    options_from,
    players_from_text,
    session_form,
)
from scorekeeper.web.links import share_box_version, share_url
from scorekeeper.web.phones import give_secret

from . import outcomes
from .access import open_session, phone_reading, remember, require_edit
from .sheet_rows import rendered_rows

bp = Blueprint("sessions", __name__)

PER_PAGE = 20
ROWS_SHOWN = 12  # rounds shown on the session page until "show all"


@bp.get("/")
def index():
    device = phone_reading()
    if device is None:  # a phone seen for the first time: from now on it is counted as one
        give_secret()
    page = request.args.get("page", "1")
    page = int(page) if page.isdigit() and 0 < len(page) < 7 and int(page) > 0 else 1
    total = device_store.device_session_count(device) if device else 0
    listed = []
    for session, can_edit in _held(device, PER_PAGE, (page - 1) * PER_PAGE):
        if session.summary is None and session.round_count:
            # a game saved before summaries were stored: worked out once, then stored
            build_sheet(session, last=0)
            session = session_store.get_session(session.id)
        listed.append(
            {"session": session, "can_edit": can_edit, "variant": VARIANTS[session.variant]}
        )
    newest = listed if page == 1 else _newest_held(device)
    return render_template(
        "index.html",
        held=listed,
        page=page,
        pages=max(1, -(-total // PER_PAGE)),
        total=total,
        variants=_recent_first(newest),
        again=next((item for item in newest if item["can_edit"]), None),
        form=EmptyForm(),
    )


def _held(device: str | None, limit: int, offset: int) -> list[tuple[session_store.Session, bool]]:
    return device_store.device_sessions(device, limit, offset) if device else []


def _newest_held(device: str | None) -> list[dict]:
    return [
        {"session": session, "can_edit": can_edit, "variant": VARIANTS[session.variant]}
        for session, can_edit in _held(device, PER_PAGE, 0)
    ]


def _recent_first(newest: list[dict]) -> list:
    """The catalog's variants, those this phone played lately first (the latest on top)."""
    recent = list(dict.fromkeys(item["session"].variant for item in newest))
    return sorted(
        VARIANTS.values(),
        key=lambda v: recent.index(v.id) if v.id in recent else len(recent),
    )


@bp.route("/new/<variant_id>", methods=["GET", "POST"])
def new(variant_id: str):
    variant = VARIANTS.get(variant_id)
    if variant is None:
        abort(404)
    form = session_form(variant)
    if form.validate_on_submit():
        players = players_from_text(form.players.data)
        options = options_from(form, variant)
        try:
            resolve(variant.id, options, players=len(players))
        except RulesError as error:  # an option value the engine refuses: say it there
            field = option_field(form, error.field)
            field.errors = [*field.errors, translated(error.message)]
        else:
            dealer = (form.dealer.data or "").strip() or players[0]
            page = functools.partial(
                render_template, "new_session.html", variant=variant, form=form
            )
            with keeping_the_form(form, page):
                session = session_store.create_session(variant.id, options, players, dealer)
            remember(session, True)
            return redirect(url_for("sessions.page", token=session.edit_token))
    return render_template("new_session.html", variant=variant, form=form)


def _page_etag(session: session_store.Session, everything: int | None) -> str:
    # the read-only page is the same for everyone until the next change (or another language)
    shown = f"-all{everything}" if everything else ""
    return f"r{session.revision}-{current_language().lang}-{_paper()}{shown}-{share_box_version()}"


def page_of_every_round(session: session_store.Session) -> int | None:
    """Which page of every round's rows ``?all=1&page=N`` asks for (None: the last rows),
    one that exists: a page past the last is the last, not one more page to keep."""
    if request.args.get("all") != "1":
        return None
    asked = request.args.get("page", "1")
    page = int(asked) if asked.isdigit() and 0 < len(asked) < 7 and int(asked) > 0 else 1
    return min(page, max(1, -(-session.round_count // ROWS_PER_PAGE)))


@bp.get("/s/<token>")
def page(token: str):
    session, can_edit = open_session(token)
    remember(session, can_edit)
    everything = page_of_every_round(session)
    # a read-only page carrying messages meant for this phone is this phone's alone; the
    # editor's holds its CSRF token
    if can_edit or cookie.get("_flashes"):
        return _page_for(session, token, can_edit, everything)
    etag = _page_etag(session, everything)
    if request.if_none_match.contains(etag):
        return _not_modified(etag)
    response = Response(_page_for(session, token, can_edit, everything), mimetype="text/html")
    response.set_etag(etag)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


# A form sent from the page's script (static/offline.js) asks for the game page in the answer
# to its save: the phone shows it from that one answer (its address in Content-Location), no
# redirect to follow. Without it, and without JavaScript, a save is answered post/redirect/get.
PAGE_IN_ANSWER = "X-Scorekeeper-Answer"


def back_to_page(token: str) -> Response:
    """After a change: the game page, with this phone's messages; in the answer itself
    when the phone's script asked for it, else by a redirect to it."""
    address = url_for("sessions.page", token=token)
    if request.headers.get(PAGE_IN_ANSWER) != "page":
        return redirect(address)
    session, can_edit = open_session(token)
    response = Response(_page_for(session, token, can_edit, None), mimetype="text/html")
    response.headers["Content-Location"] = address
    response.headers["Cache-Control"] = "no-store"
    return response


# The game page is rendered once per revision and language for the editor and every viewer
# (the save's answer, then each worker's stream watcher cuts the changed parts from it for
# the phones watching). The cached rendering holds marks, each an HTML comment that no
# escaped user text can hold: the editor's parts and the viewer's between their marks (each
# answer cuts out the other role's), and marks where each answer puts back its own: the
# page's token, the share links (which start with the address the phone used, when no
# BASE_URL is set: the Host header chooses neither the cached page nor the links another
# phone is shown), the CSRF fields, this phone's messages and the read-only link's path.
_OTHER_ROLES_PART = {
    role: re.compile(rf"<!--{other}-->.*?<!--/{other}-->", re.DOTALL)
    for role, other in (("edit", "view"), ("view", "edit"))
}
_ROLES_APART = "<!--roles-apart-->"
_TOKEN_MARK = "<!--token-->"
_VIEW_LINK_MARK = "<!--view-link-->"
_EDIT_LINK_MARK = "<!--edit-link-->"
_READ_ONLY_PATH_MARK = "<!--read-only-path-->"
_CSRF_MARK = "<!--csrf-->"
_FLASHES_MARK = "<!--messages-->"
# what a change renders again: each part between its marks, sent to the phones watching
_LIVE_PART = re.compile(r"<!--live ([a-z]+)-->(.*?)<!--/live \1-->", re.DOTALL)
_LIVE_MARK = re.compile(r"<!--/?live [a-z]+-->")
# the editor's forms in a part sent to every editor: each phone's page fills in its own
# CSRF token (static/live.js), as the part is rendered once for them all
_CSRF_TO_FILL = '<input type="hidden" name="csrf_token" value="" data-csrf-fill>'
# the print button, on the paper of the phone's country (its Accept-Language), not the
# language's: an English page prints on Letter in the US and on A4 in Britain
_PRINT_MARK = "<!--print-->"


def _paper() -> str:
    return paper_for(request.accept_languages.values(), current_language().lang)


def _cached_page(session: session_store.Session, everything: int | None) -> tuple[str, str]:
    """The game page's cached rendering at its revision: the editor's copy and the viewer's."""

    def render() -> str:
        html = _render_page(session, everything)
        # whichever phone asked first: the footer's language links carry the asker's token
        html = html.replace(session.edit_token, _TOKEN_MARK).replace(
            session.view_token, _TOKEN_MARK
        )
        # both roles' copies, cut once here rather than on every answer
        return _ROLES_APART.join(_copy_for(role, html) for role in ("edit", "view"))

    # with the evening's details: only a save counts in the revision, and a database an
    # older version wrote may hold details no save made (a stake it cannot print)
    version = (session.revision, session.details)
    # keyed by the view token: the one rendering serves both links of this game alone; and by
    # the path the app is served under, which every link on the page starts with
    key = (
        "page",
        session.view_token,
        current_language().lang,
        everything,
        share_box_version(),
        request.script_root,
    )
    for_editor, _apart, for_viewer = cached_render(key, version, render).partition(_ROLES_APART)
    return for_editor, for_viewer


def _page_for(
    session: session_store.Session, token: str, can_edit: bool, everything: int | None
) -> str:
    """The game page for this answer: the cached rendering with the other role's parts cut out
    and this answer's own token, links, fields and messages put in."""
    view_link = share_url("sessions.page", token=session.view_token)
    edit_link = share_url("sessions.page", token=session.edit_token)
    for_editor, for_viewer = _cached_page(session, everything)
    # the live parts' marks are for live_parts alone
    html = _LIVE_MARK.sub("", for_editor if can_edit else for_viewer)
    # a viewer's answer makes no CSRF token (nor a cookie to hold one); an editor's forms
    # carry Flask-WTF's token as its own forms do, made without building a form
    token_for_forms = page_csrf_token() if can_edit else None
    csrf_fields = ""
    if token_for_forms is not None:
        csrf_fields = get_template_attribute("_field.html", "csrf_field")(token_for_forms)
    flashes = ""
    if cookie.get("_flashes"):
        flashes = render_template(
            "_session_flashes.html",
            session=session,
            token=token,
            can_edit=can_edit,
            csrf_fields=csrf_fields,
        )
    print_buttons = get_template_attribute("_field.html", "print_buttons")(token, _paper())
    put_back = {
        _PRINT_MARK: str(print_buttons),
        _TOKEN_MARK: token,
        _VIEW_LINK_MARK: str(escape(view_link)),
        _READ_ONLY_PATH_MARK: url_for("sessions.page", token=session.view_token),
        _FLASHES_MARK: flashes,
    }
    if can_edit:
        put_back[_EDIT_LINK_MARK] = str(escape(edit_link))
        put_back[_CSRF_MARK] = str(csrf_fields)
    for mark, value in put_back.items():
        html = html.replace(mark, value)
    return html


def live_parts(session: session_store.Session, can_edit: bool, everything: int | None) -> str:
    """What a change renders again on the game page, for an editor or a viewer: each live part
    of the page's cached rendering (the sheet, the settlement, the undo button) in a
    template naming the element it replaces. The same rendering every phone's page shows,
    never a second way of rendering a row; cut from the copy of the phone's role, so a read-only
    phone is never sent an editor's control."""
    for_editor, for_viewer = _cached_page(session, everything)
    html = for_editor if can_edit else for_viewer
    token = session.edit_token if can_edit else session.view_token
    parts = "".join(
        f'<template data-live="live-{name}">{part}</template>'
        for name, part in _LIVE_PART.findall(html)
    )
    return parts.replace(_TOKEN_MARK, token).replace(_CSRF_MARK, _CSRF_TO_FILL)


def _copy_for(role: str, html: str) -> str:
    """The page with the other role's parts cut out and this role's marks taken off."""
    own = _OTHER_ROLES_PART[role].sub("", html)
    return own.replace(f"<!--{role}-->", "").replace(f"<!--/{role}-->", "")


def _render_page(session: session_store.Session, everything: int | None) -> str:
    # the page costs what it renders: the last rounds, older ones behind "show all", a page
    # of rows at a time
    sheet = (
        build_sheet(session, ROWS_SHOWN)
        if everything is None
        else build_sheet(session, page=everything)
    )
    rules = resolve(session.variant, session.options, len(session.players))
    return render_template(
        "session.html",
        session=session,
        token=session.edit_token,
        page_url=url_for("sessions.page", token=session.edit_token),
        sheet=sheet,
        rendered_rows=rendered_rows(sheet, session.edit_token, _CSRF_MARK),
        rules=rules,
        winner_deals=winner_deals(rules),
        chart=running_totals_chart(*chart_totals(sheet)),
        csrf_fields=Markup(_CSRF_MARK),
        flashes_mark=Markup(_FLASHES_MARK),
        read_only_path=Markup(_READ_ONLY_PATH_MARK),
        view_link=Markup(_VIEW_LINK_MARK),
        edit_link=Markup(_EDIT_LINK_MARK),
        sheet_everything=everything,
        rows_per_page=ROWS_PER_PAGE,
    )


def _not_modified(etag: str) -> Response:
    response = Response(status=304)
    response.set_etag(etag)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.get("/s/<token>/revision")
def revision(token: str):
    """The live view's poll: 304 while nothing changed, so 200 phones cost next to nothing."""
    rate_limits.before_opening_a_link()
    current = session_store.current_revision(token)
    if current is None:
        rate_limits.unknown_link()
        abort(404)
    etag = f"r{current}"
    if request.if_none_match.contains(etag):
        return _not_modified(etag)
    response = jsonify(revision=current)
    response.set_etag(etag)
    response.headers["Cache-Control"] = "private, no-cache"  # ask again each time, with the ETag
    return response


@bp.get("/s/<token>/qr/<kind>.svg")
def qr(token: str, kind: str):
    session, can_edit = open_session(token)
    if kind == "edit" and can_edit:
        target = session.edit_token
    elif kind == "view":
        target = session.view_token
    else:
        abort(404)
    link = share_url("sessions.page", token=target)
    etag = hashlib.sha256(link.encode()).hexdigest()[:32]
    if request.if_none_match.contains(etag):
        return _qr_cached(Response(status=304), etag)
    # a whole SVG document (with its namespace): an <img> does not render inline SVG markup
    buffer = BytesIO()
    segno.make(link, error="m").save(buffer, kind="svg", scale=4, dark="#000", light="#fff")
    return _qr_cached(Response(buffer.getvalue(), mimetype="image/svg+xml"), etag)


def _qr_cached(response: Response, etag: str) -> Response:
    # a link never changes: the phone keeps its picture for a day (private: it holds a token)
    response.set_etag(etag)
    response.headers["Cache-Control"] = "private, max-age=86400"
    return response


@bp.post("/s/<token>/again")
def again(token: str):
    session = require_edit(token)
    if not EmptyForm().validate_on_submit():
        abort(400)
    sheet = build_sheet(session, last=0)
    winners = sheet.result["winners"] if sheet.result else []
    # the deal passes on from the last game's next dealer
    dealer = sheet.next_dealer if sheet.round_count else session.first_dealer
    new_session = session_store.create_session(
        session.variant, session.options, session.players, dealer, previous_id=session.id
    )
    remember(new_session, True)
    if winners:
        flash(_("New game. The last one went to %(winners)s.", winners=", ".join(winners)))
    return redirect(url_for("sessions.page", token=new_session.edit_token))


VERSIONS_PER_PAGE = 100  # a very long game's whole history on one page took far too long to render


@bp.get("/s/<token>/versions")
def versions(token: str):
    session = require_edit(token)
    asked = request.args.get("page", "1")
    page = int(asked) if asked.isdigit() and 0 < len(asked) < 7 and int(asked) > 0 else 1
    pages = max(1, -(-history_store.version_count(session) // VERSIONS_PER_PAGE))
    return render_template(
        "versions.html",
        session=session,
        token=token,
        versions=[
            dict(v, shown=_shown_facts(v["facts"]))
            for v in history_store.versions_of(
                session, VERSIONS_PER_PAGE, (page - 1) * VERSIONS_PER_PAGE
            )
        ],
        page=page,
        pages=pages,
        form=EmptyForm(),
    )


def _shown_facts(facts: Any) -> dict[str, Any]:
    """A stored version's winner, end and hands as text, whatever shape an imported file
    gave them (only the rounds in play were scored at import; older versions were not)."""
    facts = facts if isinstance(facts, dict) else {}
    hands = facts.get("hands")
    shown = []
    for player, cards in (hands if isinstance(hands, dict) else {}).items():
        if isinstance(cards, list):
            text = cards_text([str(card) for card in cards])  # in the reader's letters
        elif isinstance(cards, int | float) and not isinstance(cards, bool):
            text = str(cards)
        else:
            text = ""
        shown.append((str(player), text or "–"))
    winner, end = facts.get("winner"), facts.get("end")
    return {
        "winner": winner if isinstance(winner, str) else None,
        "end": end if isinstance(end, str) else None,
        "hands": shown,
    }


@bp.post("/s/<token>/versions/<int:version_id>/restore")
def restore(token: str, version_id: int):
    """Restoring is a new version of the round, checked against every round after it."""
    session = require_edit(token)
    if not EmptyForm().validate_on_submit():
        abort(400)
    version = history_store.get_version(session, version_id)
    if version is None:
        abort(404)
    return outcomes.applied(session.id, changes.plan_restore(version), outcomes.RESTORED, token)


@bp.post("/s/<token>/undo")
def undo(token: str):
    """Take back the newest change (a new round, a correction, a delete); each tap one more."""
    session = require_edit(token)
    if not EmptyForm().validate_on_submit():
        abort(400)
    plan = changes.plan_undo(request.form.get("revision", ""))
    return outcomes.applied(session.id, plan, outcomes.UNDONE, token)
