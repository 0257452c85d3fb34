"""Numbers, dates and times on pages, in the request's language (Babel).

A time is sent as ``<time datetime=ISO>`` with this server's text inside; static/time.js
rewrites it in the phone's own time zone, which the server cannot know.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal
from flask import Flask
from jinja2 import Environment, pass_context

from scorekeeper.rules import cards
from scorekeeper.rules.cards import card_tokens, format_card, parse_card, parse_cards
from scorekeeper.rules.errors import RulesError
from scorekeeper.rules.messages import Message, say
from scorekeeper.rules.variant import RoundEnd

from .i18n import Speech, current_language, gettext, install_in_templates, ngettext

SIGNED = "+#,##0;-#,##0"


def _language() -> str:
    """The request's language; English outside a request (the CLI prints as written)."""
    return current_language().lang


def _small_whole(value: Any) -> bool:
    # under 1000 no language we ship groups digits or writes the sign differently, and a
    # long evening's sheet has thousands of such cells: Babel is asked only for the rest
    return isinstance(value, int) and -1000 < value < 1000


def number(value: Any) -> str:
    """A whole or decimal number with the locale's grouping (1.234 in German)."""
    if value is None or value == "":
        return ""
    if _small_whole(value):
        return str(value)
    return _decimal(value, None, _language())


def number_text(name: str, value: Any) -> str:
    """A variant's scoring number as a page shows it; a ladder or a list spelled out."""
    if name == "place_chips":
        return "; ".join(
            gettext(
                "%(players)s: %(chips)s",
                players=ngettext("%(num)s player", "%(num)s players", count),
                chips=", ".join(str(chip) for chip in chips),
            )
            for count, chips in sorted(value.items())
        )
    if name == "quick_chips":
        return "; ".join(
            ngettext(
                "after %(num)s draw: %(chips)s",
                "after %(num)s draws: %(chips)s",
                draws,
                chips=chips,
            )
            for draws, chips in enumerate(value)
        )
    return str(value)


def signed(value: Any) -> str:
    """A round's change: +12, -7, and 0 without a sign."""
    if not value:
        return "0"
    if _small_whole(value):
        return f"{value:+d}"
    return _decimal(value, SIGNED, _language())


@functools.lru_cache(maxsize=4096)
def _decimal(value: Any, pattern: str | None, lang: str) -> str:
    # Babel reads the locale's pattern again on every call; a sheet repeats its totals
    return format_decimal(value, format=pattern, locale=lang)


def _moment(iso: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(iso)
    except (TypeError, ValueError):
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def when(iso: str, kind: str = "datetime") -> str:
    """A stored UTC time as text for the fallback inside <time> (the server's zone)."""
    moment = _moment(iso)
    if moment is None:
        return iso or ""
    if kind == "date":
        return format_date(moment, format="medium", locale=_language())
    return format_datetime(moment, format="short", tzinfo=UTC, locale=_language())


def translated(value: Any, speech: Speech | None = None) -> Any:
    """An engine message, or a word from the data (a variant's name, an option's label), in
    the page's language (``speech``, where the caller looked it up once for many); anything
    else (a player's name, a number) as it is."""
    if speech is None:
        speech = current_language()
    if isinstance(value, Message):
        if speech.lang == "en":
            return str(value)  # a message is its English sentence, cards and all
        return say(value, speech.translations, speech.lang)
    if isinstance(value, str) and value:
        return speech.translations.gettext(value)
    return value


def option_value(value: Any, spec: Any = None) -> Any:
    """A house rule's value as a table reads it: on/off, what a choice does (the option's
    ``choice_help``), a number, in the page's language."""
    said = getattr(spec, "choice_help", None) or {}
    if isinstance(value, str) and value in said:
        return translated(said[value])
    if value is True or value is False:
        return gettext("on") if value else gettext("off")
    if isinstance(value, int):
        return number(value)
    return translated(value)


def cards_text(tokens: Any, symbols: bool = False) -> str:
    """Cards of an engine answer (the contract's text: "QH", "JK=5H") as the page's
    language writes them ("D♥", "Joker=5♥"); a token that is no card stays as it is.
    ``symbols``: English too with the suits' symbols, for a sentence ("stands for 9♣")."""
    lang = current_language().lang
    said = []
    for token in [tokens] if isinstance(tokens, str) else tokens:
        try:
            said.append(format_card(parse_card(str(token)), lang, symbols=symbols))
        except RulesError:
            said.append(str(token))
    return " ".join(said)


def cards_lines(text: str) -> str:
    """Cards typed as text (an example in a placeholder, "AS 10H JK", one meld a line) as
    the page's language writes them ("A♠ 10♥ Joker" in German), lines kept."""
    return "\n".join(cards_text(card_tokens(line)) for line in text.splitlines())


def cards_letters(text: str) -> str:
    """Cards typed as text as the page's language types them without suit symbols
    ("AP 10H DKa Joker" in German); English letters where the language has none of its own."""
    lang = current_language().lang
    return " ".join(format_card(card, lang, letters=True) for card in parse_cards(text))


def meld_kind(kind: str | None) -> str:
    """A meld's kind as the engine names it ("set", "run"), in words of the page."""
    return {"set": gettext("set"), "run": gettext("run")}.get(kind or "", kind or "–")


def round_end(end: str | None) -> str:
    """How a round ended, as stored ("out"), in words."""
    if end not in _ROUND_ENDS:
        return end or ""
    return translated(RoundEnd(end).words)


_ROUND_ENDS = frozenset(RoundEnd)


_VERSION_NOTE = re.compile(r"(restored|undid) version (\d+)")


def version_note(note: str | None) -> str:
    """What a stored version of a round says about itself (stored in English in the
    database and in exported files), in words of the page's language."""
    words = {
        "entered": gettext("entered"),
        "corrected": gettext("corrected"),
        "deleted": gettext("deleted"),
        "imported": gettext("imported"),
    }
    if note in words:
        return words[note]
    numbered = _VERSION_NOTE.fullmatch(note or "")
    if numbered and numbered[1] == "restored":
        return gettext("restored version %(id)s", id=numbered[2])
    if numbered:
        return gettext("undid version %(id)s", id=numbered[2])
    return note or ""


def page_language() -> str:
    return current_language().lang


def picker_strings() -> dict[str, Any]:
    """Every word the card picker's script shows, in the page's language (the script has
    none of its own). The same for every form in one language: made once per language
    and process (a form GET drew its 54 cards and words each time), not to be changed."""
    return _picker_strings(current_language().lang)


@functools.cache  # one entry per language of the catalogs
def _picker_strings(lang: str) -> dict[str, Any]:
    faces = getattr(cards, "card_faces", None)
    deck = [*cards.full_deck(1, 1)]
    return {
        "lang": lang,
        "pick": gettext("Pick cards"),
        "points": gettext("points"),
        "faces": faces(lang) if faces else {},
        # what a tapped card writes into the field: the table's own letters, read back by
        # the one parser in any language
        "written": {str(card): cards.format_card(card, lang) for card in deck},
        "suits": {
            "S": gettext("spades"),
            "H": gettext("hearts"),
            "D": gettext("diamonds"),
            "C": gettext("clubs"),
        },
    }


def deal_text(decks: int, jokers: int, cards: int) -> str:
    """What is dealt, with each count's own plural: "2 decks, 4 jokers, 14 cards each"."""
    return ", ".join(
        (
            ngettext("%(num)s deck", "%(num)s decks", decks),
            ngettext("%(num)s joker", "%(num)s jokers", jokers) if jokers else gettext("no jokers"),
            ngettext("%(num)s card each", "%(num)s cards each", cards),
        )
    )


def _per_page(function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter that says something in the page's language, marked as reading the page's
    context: Jinja works a filter of a constant (``"AS 10H JK"|cards_lines``) out once, when
    it compiles the template, unless the filter takes the context; the first page's language
    was then every later page's (a German placeholder on English pages, or the reverse)."""

    @pass_context
    def per_page_filter(_context: Any, *args: Any, **kwargs: Any) -> Any:
        return function(*args, **kwargs)

    return per_page_filter


# the filters and globals of every template, the app's pages and the printed sheets alike:
# data words, cards, numbers and dates in the reader's language
FILTERS: dict[str, Callable[..., Any]] = {
    "tr": translated,
    "round_end": round_end,
    "cards": cards_text,
    "cards_lines": cards_lines,
    "cards_letters": cards_letters,
    "meld_kind": meld_kind,
    "option_value": option_value,
    "version_note": version_note,
    "number": number,
    "signed": signed,
    "when": when,
}
GLOBALS: dict[str, Callable[..., Any]] = {"picker_strings": picker_strings, "deal_text": deal_text}


def install(env: Environment) -> None:
    """Give a Jinja environment the words (:func:`.i18n.install_in_templates`), the filters
    and the globals: the one place either is registered."""
    install_in_templates(env)
    env.filters.update({name: _per_page(function) for name, function in FILTERS.items()})
    env.globals.update(GLOBALS)


def init_app(app: Flask) -> None:
    install(app.jinja_env)
