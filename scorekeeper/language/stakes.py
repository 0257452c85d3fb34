"""A stake per point the app can always print: bounded, and no finer than the currency's coin.

Babel prints money through ``Decimal`` arithmetic of 28 digits: a stake of ``1e999``
(or ``1e99`` yen, ``1e30`` dinars) was stored once and every page, sheet and export of
its game failed after it. A stake is checked here before it is stored, whether it comes
from the page's form, an imported file or the command line, and stored in one spelling
(``"0.05"``, not ``"5e-2"`` or ``"0.0500"``). A stake an older version stored without
these checks is left out where it would be printed, so the game still shows and its
stake can be set again.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from scorekeeper.rules import RulesError
from scorekeeper.rules.messages import N_
from scorekeeper.rules.settlement import stake_in_units

from .money import currency_code, digits_of

# A point worth a million of the currency's main unit: past any table's stake in any
# currency (Vietnamese tables play for thousands of dong a point), and far inside what
# Babel prints: a 20-million-point evening times this is 17 digits of the smallest coin.
MOST_STAKE = Decimal(1_000_000)


def checked_stake(stake: object, currency: object) -> tuple[str | None, str | None]:
    """The stake per point and the currency code to store, both or neither.

    >>> checked_stake("0,050", "eur")
    ('0.05', 'EUR')
    >>> checked_stake("500", "JPY")
    ('500', 'JPY')
    """
    if stake in (None, "") and currency in (None, ""):
        return None, None
    code = currency_code(currency)
    text = str(stake if stake is not None else "").strip().replace(",", ".")
    try:
        value = Decimal(text)
    except InvalidOperation:
        value = None
    # checked before the stake becomes coins: 1e999999999 coins is no number Decimal holds
    if value is not None and value.is_finite() and value > MOST_STAKE:
        raise RulesError(
            N_(
                "a stake is at most %(most)s %(currency)s a point",
                most=f"{MOST_STAKE:,}",
                currency=code,
            ),
            "stake",
        )
    digits = digits_of(code)
    units = stake_in_units(text, digits)  # not a number, not above 0, finer than the coin
    return str(Decimal(units).scaleb(-digits)), code


def stored_stake(details: dict[str, Any]) -> tuple[str | None, str | None]:
    """The stored stake and currency if they can be printed, else neither."""
    try:
        return checked_stake(details.get("stake"), details.get("currency"))
    except RulesError:
        return None, None


def stake_left_out(details: dict[str, Any]) -> bool:
    """Whether a stake is stored that cannot be printed (stored by an older version)."""
    return bool(details.get("stake") or details.get("currency")) and stored_stake(details) == (
        None,
        None,
    )
