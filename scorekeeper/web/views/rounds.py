"""Entering, checking, correcting and deleting rounds."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, replace
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask import session as cookie
from markupsafe import escape

from scorekeeper.language.formatting import translated
from scorekeeper.language.i18n import current_language
from scorekeeper.language.i18n import gettext as _
from scorekeeper.rules import RulesError, progress
from scorekeeper.rules.catalog import get_variant, resolve
from scorekeeper.rules.games import winner_deals
from scorekeeper.rules.variant import GOING_OUT
from scorekeeper.storage import changes, derived, round_store, session_store
from scorekeeper.storage.game_page import build_sheet
from scorekeeper.web.errors import keeping_the_form
from scorekeeper.web.extensions import cached
from scorekeeper.web.form_base import page_csrf_token
from scorekeeper.web.forms import (
    MOST_COUNTED,
    MOST_DRAWS,
    NO,
    YES,
    EmptyForm,
    field_for,
    fill_round_form,
    player_ends,
    preferred_mode,
    round_facts,
    round_form,
)
from scorekeeper.web.photos import read_form_photos

from . import outcomes
from .access import require_edit
from .sessions import back_to_page

bp = Blueprint("rounds", __name__, url_prefix="/s/<token>/rounds")


def _card_data(session: session_store.Session, seated: int) -> dict:
    """What the card picker needs: how often each card is in the deck, and what cards are worth
    (the deal follows the count of players seated for the round)."""
    rules = resolve(session.variant, session.options, seated)
    values = {
        f"{card}": value for card, value in zip(_natural_names(), rules.card_values, strict=True)
    }
    return {
        "decks": rules.decks,
        "jokers": rules.jokers,
        "values": values,
        "joker": rules.values.joker,
    }


def _natural_names() -> list[str]:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return [f"{rank}{suit}" for suit in "SHDC" for rank in ranks]


def _base_revision(form) -> int | None:
    """The revision the form was loaded at (None: a form from before revisions were sent)."""
    text = (form.revision.data or "").strip()
    return int(text) if text.isdigit() and len(text) < 12 else None


def _submission_key(form) -> str | None:
    key = (form.submission.data or "").strip()
    return key if 0 < len(key) <= 64 else None


def _attach_all(form, error: RulesError, players: list[str], checked: set[str]) -> None:
    """Every problem the engine found in one pass, each beside its field; a field the form's
    own checks already refused (``checked``) keeps that one sentence."""
    counting = form.mode.data == "count"
    for problem in [error, *error.also]:
        name = field_for(problem.field, players)
        if counting and name and name.startswith("hand_"):
            name = f"count_{name[5:]}"  # a hand's problem is said at its count
        if name not in checked:
            _attach(form, problem.field, problem.message, players)


def _attach(form, error_field: str | None, message: str, players: list[str]) -> None:
    message = translated(message)  # an engine message, said in the table's language
    name = field_for(error_field, players)
    if name == "end" and len(player_ends(get_variant(form.variant_id))) < 2:
        name = None  # no question on the page asks it: said at the top
    if name and name.startswith("hand_") and form.mode.data == "count":
        count = form[f"count_{name[5:]}"]
        if not (count.data or "").strip():  # the engine asks for cards; counting, it is a number
            player = players[int(name[5:])]
            message = _(
                "The points counted in %(player)s's hand are needed (0 if none).", player=player
            )
    target = form[name] if name and name in form else None
    if target is not None:
        target.errors = [*target.errors, message]
    else:
        form.form_errors.append(message)


def _save(form, entry: Entry, round_id: int | None, facts: dict):
    """Save the round exactly once: a response; None, the form again with what broke; or the
    status and outcome of a key used elsewhere or a conflict, to show with the form."""
    session = entry.session
    token = request.view_args["token"]
    base, key = _base_revision(form), _submission_key(form)
    outcome = changes.apply(session.id, changes.plan_round(round_id, facts, base, key))
    answer = outcomes.told(outcome, outcomes.ENTERED if round_id is None else outcomes.CORRECTED)
    if answer.status == outcomes.BACK:
        outcomes.flash_told(answer)
        page = back_to_page(token)
        if isinstance(outcome, changes.Duplicate):
            # a phone sending its stored rounds again after a restore counts only those it restored
            page.headers["X-Scorekeeper-Already-Saved"] = "1"
        return page
    if isinstance(outcome, changes.Broken) and outcome.own and outcome.error is not None:
        _attach_all(form, outcome.error, entry.players, set())  # every problem found in it
    elif answer.message is not None:
        form.form_errors.append(answer.message)
    if answer.status == outcomes.FORM_AGAIN:
        return None
    return answer.status, outcome  # a key used elsewhere, or a conflict


@dataclass
class Entry:
    """The round a form is about, and what scoring it needs: the state before it."""

    session: session_store.Session
    number: int  # its number on the sheet
    stored: round_store.ScoredRound | None  # the round as saved (None: a new round)
    before: dict[str, Any] | None  # the game's state after the round before it
    dealer: str
    players: list[str]  # who is dealt in: seated at this round, by their names then
    problem: str | None = None  # an earlier round no longer scores (a new engine)


def _load(token: str, round_id: int | None) -> Entry:
    session = require_edit(token)
    # a new round is scored after the last round's stored state: read with its engine's stamp
    ready, last = (False, None)
    if round_id is None:
        ready, last = round_store.last_stored_state(session.id, derived.ENGINE)
    if not ready:
        try:
            if derived.ensure(session):
                session = session_store.get_session(session.id)  # its summary stored again
        except RulesError as error:  # say so, and keep the form usable
            return Entry(
                session, session.round_count + 1, None, None, "?", session.players, error.message
            )
        last = round_store.state_before(session.id, None) if round_id is None else None
    if round_id is None:
        before = last
        stored = None
        # numbered by hands, as on the sheet: a seating change between rounds is no round
        number = (round_store.sheet_number(before) if before else 0) + 1
    else:
        stored = round_store.scored_round(session, round_id)
        if stored is None:
            abort(404)
        before = round_store.state_before(session.id, stored.position)
        number = round_store.sheet_number(stored.after)
    summary = session.summary or {}
    if stored is None and "seated" in summary:  # who sits and deals next, stored at the last save
        return Entry(session, number, None, before, summary["next_dealer"], summary["seated"])
    standing = progress.standing(session.engine_request([]), before)
    dealer = stored.score["dealer"] if stored else standing["next_dealer"]
    return Entry(session, number, stored, before, dealer, standing["seated"])


def seated_for(session: session_store.Session, round_id: int | None) -> list[str]:
    """Who is dealt in for a new round (None) or for the round with this id, as named then;
    the session's first players when the stored states cannot be had."""
    try:
        derived.ensure(session)
    except RulesError:
        return session.players
    position = None
    if round_id is not None:
        stored = round_store.scored_round(session, round_id)
        if stored is None:
            abort(404)
        position = stored.position
    before = round_store.state_before(session.id, position)
    return progress.standing(session.engine_request([]), before)["seated"]


def _check(entry: Entry, form, facts: dict, checked: set[str]) -> dict | None:
    """The engine's score for the entered round after the rounds before it (the preview);
    None when it refuses the round, every problem it found attached to the form."""
    try:
        preview, _state, standing = progress.advance(
            entry.session.engine_request([]), entry.before, facts
        )
    except RulesError as error:
        _attach_all(form, error, entry.players, checked)
        return None
    return {**preview, "totals": standing["totals"], "finished": standing["finished"]}


def _conflict(token: str, form, entry: Entry, conflict: changes.Conflict, round_id: int | None):
    """The form again over the latest state, the entry kept: the next save is based on it."""
    form.revision.data = str(conflict.session.revision)
    form.revision.raw_data = [form.revision.data]
    # the form's seats stay as loaded: a seating change meanwhile shows in the score above
    entry = replace(_load(token, round_id), players=entry.players)
    return entry, build_sheet(entry.session)


def _say_conflict(form, meanwhile: round_store.ScoredRound | None, new_round: bool) -> None:
    """Another phone's round where this one was meant to go is named, not "save again": the
    page shows both, to drop this one (the same hand) or save it as the next round."""
    if new_round and meanwhile is not None:
        message = _(
            "Another phone saved round %(n)s meanwhile. Both entries are shown: "
            "drop yours if it is the same hand, or save it as the next round.",
            n=round_store.sheet_number(meanwhile.after),
        )
    else:
        message = _(
            "Someone else changed this session. The latest score is shown; "
            "your entry is kept below: check it and save again."
        )
    form.form_errors.append(message)


RECENT_ROUNDS = 12  # the rounds a table's usual answers are read from


def usual_opened(session: session_store.Session, variant, players: list[str]) -> dict[int, str]:
    """The "had melded" answer this table gave most in its last rounds (yes when it has none
    yet, or as many of each), offered ready on every seat: one tap changes it."""
    if "opened" not in variant.round_facts:
        return {}
    given = [
        answer
        for facts in round_store.last_facts(session.id, RECENT_ROUNDS)
        for player, answer in facts.get("opened", {}).items()
        if player != facts.get("winner")
    ]
    usual = NO if given.count(False) > given.count(True) else YES
    return dict.fromkeys(range(len(players)), usual)


def _as_opened(form, entry: Entry, variant, revision: str, submission: str) -> None:
    """The form as a GET opens it: loaded at ``revision`` with its one-time key, a correction
    holding the round as saved, a new round the table's usual answers."""
    form.revision.data = revision
    form.submission.data = submission
    if entry.stored is not None:
        fill_round_form(form, variant, entry.players, entry.stored.facts)
        return
    for seat, answer in usual_opened(entry.session, variant, entry.players).items():
        form[f"opened_{seat}"].data = answer


def _finished(session: session_store.Session) -> bool:
    """Whether the game is over as of its last save: no round may follow."""
    return bool((session.summary or {}).get("finished"))


def game_over_parts(session: session_store.Session) -> str:
    """What a new round's form open on a phone is sent when its game changes: the notice
    that the game is over (who won, that the typed entry stays on the phone, the next game)
    at the top of the form, or an empty place while it goes on. Only the editor's form
    listens, so it is rendered with the edit token; the next game's CSRF field is filled in by
    each phone (live.js), as on the game page."""
    result = build_sheet(session, last=0).result if _finished(session) else None
    html = render_template(
        "_game_over_notice.html",
        result=result,
        winners=", ".join(result["winners"]) if result else "",
        token=session.edit_token,
    )
    return f'<template data-live="live-game-over">{html}</template>'


def _game_over(token: str, entry: Entry, form):
    """A new round sent to a game that ended meanwhile (a form left open on another phone,
    a round waiting offline): refused at once, saying so, the entry kept on the form (and so
    in the phone's draft) and the result shown with the button for the next game."""
    sheet = build_sheet(entry.session, last=0)
    winners = ", ".join(sheet.result["winners"]) if sheet.result else ""
    form.form_errors.insert(
        0,
        _(
            "This game is over: %(winners)s won. Your round was not saved; "
            "it is kept below on this phone.",
            winners=winners,
        ),
    )
    return _render(token, entry, form, None, None, game_over=sheet.result), 409


def _handle(token: str, round_id: int | None, entry: Entry | None = None):
    entry = entry or _load(token, round_id)
    session = entry.session
    variant = get_variant(session.variant)
    form = round_form(variant, entry.players, session.options, formdata=request.form or None)
    form.variant_id = variant.id
    if entry.problem:
        form.form_errors.append(entry.problem)
    if request.method == "GET":
        _as_opened(form, entry, variant, str(session.revision), session_store.new_token())
    elif round_id is None and _finished(session):
        return _game_over(token, entry, form)
    elif not entry.problem:
        # a phone without scripts sent photos of hands: their cards filled in, nothing saved
        targets = {f"photo_{seat}": f"hand_{seat}" for seat in range(len(entry.players))}
        photo_reads = read_form_photos(form, targets, variant.id)
        if photo_reads is not None:
            form.mode.data = "cards"
            return _render(token, entry, form, None, None, photo_reads=photo_reads)
    preview = latest = meanwhile = facts = None
    status = 200
    if request.method == "POST" and DROP in request.form:
        return _dropped(token)
    if request.method == "POST" and not form.validate_on_submit():
        if "csrf_token" not in form.errors and not entry.problem:
            # the engine is asked too, so one Check shows every problem, not the first few
            checked = {name for name, errors in form.errors.items() if errors}
            _check(entry, form, round_facts(form, variant, entry.players), checked)
    elif request.method == "POST":
        facts = round_facts(form, variant, entry.players)
        if form.save.data:
            # a full disk: the form again, as typed, like a conflict
            with keeping_the_form(form, lambda: _render(token, entry, form, None, None)):
                answer = _save(form, entry, round_id, facts)
            if isinstance(answer, tuple):
                status, outcome = answer
                if status == outcomes.KEY_ELSEWHERE:
                    # the queue keeps an entry refused with the sentence it finds on the page
                    form.submission.data = session_store.new_token()  # a fresh key to retry
                elif round_id is not None and round_store.number_of(session.id, round_id) is None:
                    flash(_("That round was deleted meanwhile."))
                    return redirect(url_for("sessions.page", token=token))
                else:  # a conflict: the form again over the latest state
                    base = _base_revision(form)
                    entry, latest = _conflict(token, form, entry, outcome, round_id)
                    meanwhile = _saved_meanwhile(entry, base)
                    _say_conflict(form, meanwhile, round_id is None)
            elif answer is not None:
                return answer
        if not form.errors and not form.form_errors and not entry.problem:
            preview = _check(entry, form, facts, set())
    mine = facts if meanwhile is not None and round_id is None else None
    return _render(token, entry, form, preview, latest, meanwhile, mine=mine), status


DROP = "drop"  # the button that drops this phone's entry after another phone saved the round


def _dropped(token: str):
    """This phone's entry dropped (the other phone's round was the same hand): nothing is
    saved, and the redirect tells the phone its draft may go."""
    if not EmptyForm().validate_on_submit():
        abort(400)
    flash(_("Your entry was dropped; nothing was saved."))
    return redirect(url_for("sessions.page", token=token))


def _saved_meanwhile(entry: Entry, base: int | None) -> round_store.ScoredRound | None:
    """What stands where the form's round was meant to go: a correction's round as it is
    now, or the first round another phone entered since the form was loaded."""
    if entry.stored is not None:
        return entry.stored
    if base is None:
        return None
    since = session_store.changed_since(entry.session.id, base).rounds
    for scored in round_store.scored_rounds(entry.session.id):
        if scored.id in since and "seating" not in scored.facts:
            return scored
    return None


def _render(
    token: str,
    entry: Entry,
    form,
    preview: dict | None,
    latest,
    meanwhile=None,
    photo_reads: dict | None = None,
    game_over: dict | None = None,
    mine: dict | None = None,
) -> str:
    session = entry.session
    return render_template(
        "round_form.html",
        game_over=game_over,
        mine=mine,
        again_csrf=page_csrf_token() if game_over else None,
        session=session,
        token=token,
        variant=get_variant(session.variant),
        form=form,
        preview=preview,
        latest=latest,
        latest_round=meanwhile,
        latest_number=round_store.sheet_number(meanwhile.after) if meanwhile is not None else None,
        number=entry.number,
        dealer=entry.dealer,
        editing=entry.stored is not None,
        cards=_card_data(session, len(entry.players)),
        winner_deals=winner_deals(resolve(session.variant, session.options, len(entry.players))),
        seats=list(enumerate(entry.players)),
        round_id=entry.stored.id if entry.stored is not None else None,
        ends_asked=player_ends(get_variant(session.variant)),
        going_out=sorted(GOING_OUT),
        most_counted=MOST_COUNTED,
        most_draws=MOST_DRAWS,
        photo_reads=photo_reads or {},
    )


@bp.route("/new", methods=["GET", "POST"])
def new(token: str):
    if request.method == "POST":
        return _handle(token, None)
    entry = _load(token, None)
    if _finished(entry.session):
        # no form for a game that is over: its sheet shows the result and the next game
        flash(_("This game is over; start a new game with the same players."))
        return redirect(url_for("sessions.page", token=token))
    if not _cacheable(entry):
        return _handle(token, None, entry)
    return _cached_new_form(token, entry)


# What differs between two answers of the same cached new-round form, each with its mark in
# the cached page. Marks are HTML comments: a user's text is escaped on the page, so no name
# or typed card can write one.
_PER_ANSWER = ("csrf", "submission", "revision", "number", "dealer")
_MARKS = {part: f"<!--{part}-->" for part in _PER_ANSWER}


def _cacheable(entry: Entry) -> bool:
    """Whether this GET may be answered with the cached rendering. Not when it shows a
    problem of the engine's (rare: rendered as it is), messages flashed for this phone alone, or query
    arguments besides ``lang`` (the footer's language links carry them along)."""
    return not entry.problem and not cookie.get("_flashes") and not set(request.args) - {"lang"}


def _cached_new_form(token: str, entry: Entry) -> str:
    """The new round's form, rendered once and cached (extensions.cached, shared by the
    workers) for every later GET of the table's editing phones: a phone opens it every
    round, and its rendering was most of the request's time. It is cached across revisions,
    not per revision: each table opens it once per round, just after its last save, so a
    page cached per revision would almost never be asked for twice. What a save changes in it is put
    back per answer instead (see _PER_ANSWER): the round's number, its dealer and the
    revision it is loaded at; so are the phone's CSRF token and the form's fresh one-time
    key (two loads must never share one: it is what makes a save exactly-once)."""
    session = entry.session
    variant = get_variant(session.variant)
    answer = {
        "csrf": page_csrf_token(),  # the phone's own token, as the round form would render it
        "submission": session_store.new_token(),
        "revision": str(session.revision),
        "number": str(entry.number),
        "dealer": entry.dealer,
    }

    def render() -> str:
        # each per-answer part rendered as a random stand-in, then swapped for its mark
        stand_in = {part: secrets.token_hex(16) for part in _PER_ANSWER}
        stand_in["csrf"] = answer["csrf"] or stand_in["csrf"]
        form = round_form(variant, entry.players, session.options)
        form.variant_id = variant.id
        _as_opened(form, entry, variant, stand_in["revision"], stand_in["submission"])
        marked_entry = replace(entry, number=stand_in["number"], dealer=stand_in["dealer"])
        html = _render(token, marked_entry, form, None, None)
        for part, value in stand_in.items():
            html = html.replace(value, _MARKS[part])
        return html

    # Everything else the rendering reads: the session's variant and house rules, who is dealt
    # in (their names and seats), the usual "had melded" answers of the last rounds; the
    # language, the entry mode (the phone's cookie), the edit token (in the draft's name and
    # the links) and the path the app is served under (the links). No preview, conflict,
    # correction or error is cached (only this plain GET), and the code's version is in
    # every key of the cache (app.py).
    opened = usual_opened(session, variant, entry.players)
    key = ("round form", token, current_language().lang, preferred_mode(), request.script_root)
    version = (
        session.variant,
        json.dumps(session.options, sort_keys=True),
        tuple(entry.players),
        tuple(sorted(opened.items())),
    )
    html = cached(key, version, render)
    for part, mark in _MARKS.items():
        if answer[part] is not None:
            html = html.replace(mark, str(escape(answer[part])))
    return html


@bp.route("/<int:round_id>", methods=["GET", "POST"])
def edit(token: str, round_id: int):
    return _handle(token, round_id)


@bp.post("/<int:round_id>/delete")
def delete(token: str, round_id: int):
    session = require_edit(token)
    if not EmptyForm().validate_on_submit():
        abort(400)

    return outcomes.applied(session.id, changes.plan_delete(round_id), outcomes.DELETED, token)
