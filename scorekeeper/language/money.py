"""Settlement amounts for people: points, or money in the locale's way (Babel)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from babel.core import Locale, UnknownLocaleError
from babel.numbers import format_currency, format_decimal, get_currency_precision

from scorekeeper.rules import RulesError

from .i18n import ngettext


def currency_code(value: object) -> str:
    """An ISO 4217 code Babel knows, upper case (``"eur"`` -> ``"EUR"``)."""
    code = str(value or "").strip().upper()
    if len(code) != 3 or not code.isalpha() or code not in Locale("en").currencies:
        raise RulesError(f"{value!r} is not a currency code such as EUR, USD or GBP", "currency")
    return code


def digits_of(currency: str | None) -> int:
    """Decimal places of a currency's smallest coin (EUR 2, JPY 0)."""
    return get_currency_precision(currency) if currency else 0


def amount_text(units: int, settlement: dict[str, Any], currency: str | None, locale: str) -> str:
    """Format whole units: cents as money with a currency, points as a number.

    >>> amount_text(1345, {"in_money": True, "digits": 2}, "EUR", "de")
    '13,45\\xa0€'
    >>> amount_text(269, {"in_money": False, "digits": 0}, None, "en")
    '269 points'
    """
    try:
        Locale.parse(locale)
    except (UnknownLocaleError, ValueError):
        locale = "en"
    if settlement["in_money"] and currency:
        return format_currency(
            Decimal(units).scaleb(-settlement["digits"]), currency, locale=locale
        )
    # the words in the request's language (English outside a request, as in the CLI)
    return ngettext(
        "%(amount)s point", "%(amount)s points", units, amount=format_decimal(units, locale=locale)
    )
