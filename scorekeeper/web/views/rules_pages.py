"""The rules pages: each variant as the app plays it, generated from its record.

Nothing on a rules page is written here by hand: the players, the deal, the melds, the
card values, every bonus and surcharge, the end of the game and every house rule are read
from the variant's data, and the worked example is scored by the engine when the page is
shown, so a number changed in the data changes the page and the score together.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template

from scorekeeper.language.formatting import number_text, translated
from scorekeeper.language.i18n import current_language, gettext, ngettext
from scorekeeper.rules.cards import card_faces, format_card, parse_cards
from scorekeeper.rules.errors import RulesError
from scorekeeper.rules.messages import N_
from scorekeeper.rules.records import VARIANTS
from scorekeeper.rules.scoring import score
from scorekeeper.rules.variant import (
    COMMON_OPTIONS,
    SCORING_NUMBERS,
    GameEnd,
    Goal,
    RoundEnd,
    Variant,
)

bp = Blueprint("rules_pages", __name__, url_prefix="/rules")


# the source texts (shared/seeds) as a player would recognise them, not by file number
SOURCES = {
    "000": N_("From a collection of rummy variants and their house rules"),
    "001": N_("From an encyclopedia article on the rummy family"),
    "002": N_("From the French Rami rules"),
    "003": N_("From the Manipulation Rummy (Carousel) rules"),
}


def sources_of(variant: Variant) -> list[str]:
    """Where a variant's rules come from, one sentence per source text."""
    named = [translated(SOURCES[seed]) for seed in variant.seeds if seed in SOURCES]
    unnamed = [seed for seed in variant.seeds if seed not in SOURCES]
    if unnamed:
        named.append(
            ngettext(
                "From source text %(seeds)s",
                "From source texts %(seeds)s",
                len(unnamed),
                seeds=", ".join(unnamed),
            )
        )
    return named


def _lang() -> str:
    return current_language().lang


def _shows_values() -> bool:
    """English pages also name the values the JSON API takes ('rounds'); a table reading
    its own language sees what each choice does instead of an English word."""
    return current_language().lang == "en"


def players_text(low: int, high: int) -> str:
    """'4 players' where the count is fixed, '2–7 players' otherwise."""
    if low == high:
        return ngettext("%(num)s player", "%(num)s players", low)
    return gettext("%(low)s–%(high)s players", low=low, high=high)


def _deal(variant: Variant) -> list[dict[str, Any]]:
    return [
        {
            "players": players_text(*row.players),
            "decks": row.decks,
            "jokers": row.jokers,
            "cards": row.cards,
        }
        for row in variant.deal
    ]


def _card_values(variant: Variant) -> list[dict[str, Any]]:
    values = variant.values
    lang = _lang()
    if values.ace is not None:
        ace: Any = values.ace
    else:  # Basic Rummy: "ace 1 (11 whenever the ace may follow the king)"
        ace = gettext("1 (11 where an ace may follow the king)")
    faces = {
        "A": ace,
        "2–10": gettext("face value") if values.pip is None else values.pip,
        "J": values.jack,
        "Q": values.queen,
        "K": values.king,
    }
    shown = card_faces(lang)
    rows = [{"key": name, "card": shown.get(name, name), "value": v} for name, v in faces.items()]
    joker = shown["JK"] if shown["JK"] != "JK" else gettext("Joker")
    rows.append({"key": "JK", "card": joker, "value": values.joker})
    return rows


def _numbers(variant: Variant) -> list[dict[str, Any]]:
    return [
        {
            "name": name,
            "label": translated(SCORING_NUMBERS[name]),
            "value": number_text(name, value),
        }
        for name, value in variant.scoring_numbers()
    ]


def _default_text(variant: Variant, option: Any) -> str:
    default = option.default
    if default is None:
        if option.sets == "rounds" and variant.rounds_per_player:
            return ngettext(
                "%(num)s hand per player",
                "%(num)s hands per player",
                variant.rounds_per_player,
            )
        if option.sets in ("decks", "jokers", "cards"):
            return gettext("by the player count (see the deal)")
        return gettext("none")
    if option.kind is bool:
        return gettext("on") if default else gettext("off")
    if option.choice_help.get(default):
        said = translated(option.choice_help[default])
        return f"{default} ({said})" if _shows_values() else said
    return str(default)


def _options(variant: Variant) -> list[dict[str, Any]]:
    rows = []
    for name, option in variant.options.items():
        changes = [
            {
                "label": translated(SCORING_NUMBERS[field]),
                "value": number_text(field, getattr(variant, field)),
            }
            for field in option.numbers
            if getattr(variant, field)
        ]
        when_on = []
        for field, value in option.when_on.items():
            if field == "values":
                when_on.append(
                    gettext(
                        "every card %(pip)s, a joker %(joker)s", pip=value.pip, joker=value.joker
                    )
                )
            elif field == "target":
                when_on.append(gettext("target %(target)s unless chosen", target=value))
        rows.append(
            {
                "name": name,
                "label": translated(option.label),
                "help": translated(option.help),
                "default": _default_text(variant, option),
                "choices": [
                    (choice if _shows_values() or not what else None, what)
                    for choice in option.choices
                    for what in [translated(option.choice_help.get(choice, ""))]
                ],
                "minimum": option.minimum,
                "maximum": option.maximum,
                "changes": changes,
                "when_on": when_on,
            }
        )
    return rows


def _game_end(variant: Variant) -> list[str]:
    lines = []
    end = variant.game_end
    if variant.target is not None and end == GameEnd.TARGET:
        lines.append(gettext("The first to reach %(target)s ends the game.", target=variant.target))
    elif end == GameEnd.THRESHOLD:
        lines.append(gettext("A player passing %(target)s ends the game.", target=variant.target))
    elif end == GameEnd.ELIMINATION:
        lines.append(gettext("A player passing %(target)s is out.", target=variant.target))
    if variant.rounds_per_player:
        lines.append(
            ngettext(
                "Without an agreed number of hands: %(num)s hand per player.",
                "Without an agreed number of hands: %(num)s hands per player.",
                variant.rounds_per_player,
            )
        )
    lines.append(
        gettext("The lowest total wins.")
        if variant.goal == Goal.LOW
        else gettext("The highest total wins.")
    )
    if variant.winner_deals_next:
        lines.append(gettext("The winner of a hand deals the next."))
    return lines


def _example(variant: Variant) -> dict[str, Any] | None:
    """The variant's example round, scored by the engine now."""
    if not variant.example:
        return None
    question = dict(variant.example)
    lang = _lang()
    try:
        result = score(variant=variant.id, **question)
    except RulesError:  # a bad example must not take the page down; the tests catch it
        return None
    round_ = question["round"]

    def shown(cards: Any) -> str:
        if isinstance(cards, int):
            return str(cards)
        return " ".join(format_card(card, lang) for card in parse_cards(cards))

    hands = {player: shown(cards) for player, cards in round_.get("hands", {}).items()}
    melds = {
        player: [shown(meld) for meld in player_melds]
        for player, player_melds in round_.get("melds", {}).items()
    }
    return {
        "players": question["players"],
        "winner": round_.get("winner"),
        "end": round_.get("end"),
        "hands": hands,
        "melds": melds,
        "delta": result["delta"],
        "explain": result["explain"],
        "notes": result.get("notes", []),
    }


def rules_page(variant: Variant) -> dict[str, Any]:
    """Everything a variant's rules page shows, read from its record."""
    return {
        "ace": translated(COMMON_OPTIONS["ace"].choice_help[variant.ace.value]),
        "players": players_text(*variant.players),
        "deal": _deal(variant),
        "card_values": _card_values(variant),
        "numbers": _numbers(variant),
        "options": _options(variant),
        "game_end": _game_end(variant),
        "example": _example(variant),
        "sources": sources_of(variant),
    }


@bp.get("/")
def index():
    return render_template("rules_index.html", variants=list(VARIANTS.values()))


@bp.get("/<variant_id>")
def variant(variant_id: str):
    if variant_id not in VARIANTS:
        abort(404)
    chosen = VARIANTS[variant_id]
    return render_template(
        "rules_variant.html", variant=chosen, page=rules_page(chosen), RoundEnd=RoundEnd
    )
