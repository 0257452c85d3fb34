"""Entering, checking, correcting and deleting rounds."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import store
from ..forms import EmptyForm, field_for, fill_round_form, round_facts, round_form
from ..rules import RulesError, game
from ..rules.catalog import get_variant, resolve
from .sessions import require_edit

bp = Blueprint("rounds", __name__, url_prefix="/s/<token>/rounds")


def _card_data(session: store.Session) -> dict:
    """What the card picker needs: how often each card is in the deck, and what cards are worth."""
    rules = resolve(session.variant, session.options, len(session.players))
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


def _handle(token: str, round_id: int | None):
    session = require_edit(token)
    variant = get_variant(session.variant)
    stored_rounds = store.rounds_of(session)
    index = len(stored_rounds)
    if round_id is not None:
        index = next((i for i, r in enumerate(stored_rounds) if r.id == round_id), None)
        if index is None:
            abort(404)
    form = round_form(variant, session.players, session.options, formdata=request.form or None)
    if request.method == "GET" and round_id is not None:
        fill_round_form(form, variant, session.players, stored_rounds[index].facts)
    preview = None
    if request.method == "POST" and form.validate_on_submit():
        facts = round_facts(form, variant, session.players)
        rounds = [r.facts for r in stored_rounds]
        if round_id is None:
            rounds.append(facts)
        else:
            rounds[index] = facts
        try:
            result = game(session.engine_request(rounds[: index + 1]))
        except RulesError as error:
            name = field_for(error.field, session.players)
            target = form[name] if name and name in form else None
            if target is not None:
                target.errors = [*target.errors, error.message]
            else:
                form.form_errors.append(error.message)
        else:
            if form.save.data:
                try:
                    game(session.engine_request(rounds))  # later rounds must still score
                except RulesError as error:
                    form.form_errors.append(
                        _("This change breaks a later round: %(why)s", why=error.message)
                    )
                else:
                    if round_id is None:
                        store.add_round(session, facts)
                        flash(_("Round %(n)s saved.", n=index + 1))
                    else:
                        store.update_round(session, round_id, facts)
                        flash(
                            _(
                                "Round %(n)s corrected; everything after it was recomputed.",
                                n=index + 1,
                            )
                        )
                    return redirect(url_for("sessions.page", token=token))
            preview = result["rounds"][index]
            preview["totals"] = result["totals"]
            preview["finished"] = result["finished"]
    try:
        dealer = game(session.engine_request([r.facts for r in stored_rounds[:index]]))[
            "next_dealer"
        ]
    except RulesError as error:  # an earlier round no longer scores: say so, keep the form usable
        form.form_errors.append(error.message)
        dealer = "?"
    return render_template(
        "round_form.html",
        session=session,
        token=token,
        variant=variant,
        form=form,
        preview=preview,
        number=index + 1,
        dealer=dealer,
        editing=round_id is not None,
        cards=_card_data(session),
        seats=list(enumerate(session.players)),
    )


@bp.route("/new", methods=["GET", "POST"])
def new(token: str):
    return _handle(token, None)


@bp.route("/<int:round_id>", methods=["GET", "POST"])
def edit(token: str, round_id: int):
    return _handle(token, round_id)


@bp.post("/<int:round_id>/delete")
def delete(token: str, round_id: int):
    session = require_edit(token)
    if not EmptyForm().validate_on_submit() or store.get_round(session, round_id) is None:
        abort(404)
    remaining = [r.facts for r in store.rounds_of(session) if r.id != round_id]
    try:
        game(session.engine_request(remaining))
    except RulesError as error:
        flash(
            _(
                "That round cannot be deleted: without it a later round breaks (%(why)s).",
                why=error.message,
            )
        )
        return redirect(url_for("sessions.page", token=token))
    store.delete_round(session, round_id)
    flash(_("Round deleted; it can be restored from the history of changes."))
    return redirect(url_for("sessions.page", token=token))
