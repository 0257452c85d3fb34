"""What the card picker shows while a hand is entered, worked out by the engine.

The picker never reads card text itself: it sends the fields as typed and shows what
comes back, so the screen and the score sheet cannot disagree about a card or a count.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from flask import Blueprint, jsonify, request

from scorekeeper.language.formatting import translated
from scorekeeper.language.i18n import current_language
from scorekeeper.rules import RulesError
from scorekeeper.rules.arranger import best_arrangement
from scorekeeper.rules.cards import Card, Rank, Suit, card_faces, parse_cards
from scorekeeper.rules.catalog import get_variant, resolve
from scorekeeper.rules.messages import N_, Message

from .access import require_edit
from .rounds import seated_for

bp = Blueprint("entry", __name__, url_prefix="/s/<token>/rounds")

LONGEST_FIELD = 400  # far more than any hand or list of melds: a bound on the work asked


# where a card was written, in the engine's words (said in the table's language)
WHERE = {
    "hand": lambda player: N_("%(player)s's hand", player=player),
    "melds": lambda player: N_("%(player)s's melds", player=player),
}


def _cards(text: str, label: Message) -> list[Card]:
    if len(text) > LONGEST_FIELD:
        raise RulesError(N_("%(where)s is too long to be a hand", where=label), None)
    return parse_cards(text, where=label)


def hand_points(rules: Any, cards: list[Card], melds_given: bool) -> dict[str, Any]:
    """A hand's points as the engine scores it: arranged for the least deadwood where the
    variant shows hands at the end (unless the player's melds are given apart), else as is."""
    if rules.showdown and not melds_given:
        arranged = best_arrangement(rules, cards)
        return {
            "points": arranged.deadwood_points,
            "melds": [" ".join(str(card) for card in meld) for meld in arranged.melds],
        }
    return {"points": sum(rules.value(card) for card in cards), "melds": []}


@bp.get("/points")
@bp.get("/<int:round_id>/points")
def points(token: str, round_id: int | None = None):
    """Each hand's points, each field's cards as the engine reads them, and how many of each
    card the decks still hold: ``?hand_0=AS+10H&melds_0=...`` (the round form's field names).
    The seats are those of a new round, or of the round being corrected."""
    session = require_edit(token)
    variant = get_variant(session.variant)
    players = seated_for(session, round_id)
    try:
        rules = resolve(session.variant, session.options, len(players))
    except RulesError as error:
        return jsonify(error=translated(error.message), field=error.field), 400
    fields: dict[str, Any] = {}
    errors: dict[str, str] = {}
    used: Counter[Card] = Counter()
    for seat, player in enumerate(players):
        names = [f"hand_{seat}"] + ([f"melds_{seat}"] if variant.melds_scored else [])
        read: dict[str, list[Card]] = {}
        for name in names:
            text = request.args.get(name, "")
            try:
                read[name] = _cards(text, WHERE[name.split("_")[0]](player))
            except RulesError as error:
                errors[name] = translated(error.message)
                continue
            used.update(card.physical for card in read[name])
            fields[name] = {"cards": [str(card) for card in read[name]]}
        hand = read.get(f"hand_{seat}")
        if hand is not None and f"hand_{seat}" in request.args:
            try:
                fields[f"hand_{seat}"] |= hand_points(rules, hand, bool(read.get(f"melds_{seat}")))
            except RulesError as error:
                errors[f"hand_{seat}"] = translated(error.message)
    left = {
        f"{Card(rank, suit)}": rules.decks - used[Card(rank, suit)]
        for suit in Suit
        for rank in Rank
    }
    left["JK"] = rules.jokers - sum(count for card, count in used.items() if card.is_joker)
    # the letters the picker shows on its buttons, in the table's language (B/D for Bube/Dame)
    faces = card_faces(current_language().lang)
    return jsonify(fields=fields, errors=errors, left=left, faces=faces)
