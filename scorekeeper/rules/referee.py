"""The referee's ``check`` and ``arrange`` questions, with Gin's two of its own.

``check`` with ``knock`` (a knocking hand after the discard; ``upcard`` with Oklahoma)
asks whether the knock is legal; ``arrange`` with ``onto`` (the knocker's melds) asks
what the defender lays off and what deadwood is left. Without them they are the
contract's questions.

>>> arrange(variant="gin", hand=["8H", "9H", "KS"], onto=[["5H", "6H", "7H"]])["laid_off"]
[{'card': '8H', 'onto': 0}, {'card': '9H', 'onto': 0}]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import arranger, melds
from .cards import check_deck_limits
from .catalog import resolve
from .errors import RulesError
from .knocking import knock_check
from .layoffs import lay_off
from .messages import N_
from .reading import as_request, cards_at, melds_at


def check(request: Mapping[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """The contract's ``check``; with ``knock``, whether a knock is legal."""
    request = as_request(request, fields)
    if "knock" in request:
        return knock_check(request)
    return melds.check(request)


def arrange(request: Mapping[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """The contract's ``arrange``; with ``onto``, the defender's lay-offs as well."""
    if fields or type(request) is not dict:
        request = as_request(request, fields)
    if "onto" not in request:
        return arranger.arrange(request)
    rules = resolve(request.get("variant"), request.get("options"))
    if not rules.defender_lays_off:
        raise RulesError(
            N_("%(variant)s has no laying off after a knock", variant=rules.variant.name), "onto"
        )
    onto = melds_at(request["onto"], "onto")
    hand = cards_at(request.get("hand", []), "hand", "hand")
    if len(hand) > rules.most_cards_in_hand or len(onto) > rules.most_cards_in_hand:
        raise RulesError(
            N_(
                "a hand in %(variant)s holds at most %(most)s cards (the deal and two drawn), "
                "not %(count)s",
                variant=rules.variant.name,
                most=rules.most_cards_in_hand,
                count=max(len(hand), len(onto)),
            ),
            "hand",
        )
    located = [(card, f"hand[{i}]") for i, card in enumerate(hand)]
    located += [
        (card, f"onto[{i}][{j}]") for i, meld in enumerate(onto) for j, card in enumerate(meld)
    ]
    check_deck_limits(located, rules.decks, rules.jokers)
    for index, meld in enumerate(onto):
        verdict = melds.judge_meld(rules, meld)
        if not verdict.legal:
            raise RulesError(
                N_("meld %(number)s: %(reason)s", number=index + 1, reason=verdict.reason),
                f"onto[{index}]",
            )
    laid = lay_off(rules, onto, hand)
    return {
        "melds": [[str(card) for card in meld] for meld in laid.melds],
        "deadwood": [str(card) for card in laid.deadwood],
        "deadwood_points": laid.deadwood_points,
        "laid_off": [{"card": str(card), "onto": index} for card, index in laid.laid_off],
    }
