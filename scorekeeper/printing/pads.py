"""A blank score pad of a variant, printed to PDF in a chosen language and paper: the
players' columns, and a footer with the variant's card values, bonuses and end rule, from
its data."""

from __future__ import annotations

from typing import Any

from scorekeeper.language.formatting import number_text, translated
from scorekeeper.language.i18n import gettext as _
from scorekeeper.language.i18n import speaking
from scorekeeper.rules.catalog import resolve
from scorekeeper.rules.variant import SCORING_NUMBERS, Goal

from . import pdf

PAD_ROUNDS = 24
# the scoring numbers the pad names in its own short words; every other one is listed
# with the rules page's label
PAD_NAMED = {
    "start",
    "knock_limit",
    "rummy_bonus",
    "undercut_bonus",
    "unopened_surcharge",
    "rummy_surcharge",
    "rummy_unopened_table_surcharge",
    "out_bonus",
    "end_bonus",
    "end_bonus_per_round_won",
}


def cheat_sheet(variant_id: str, players: int) -> dict[str, Any]:
    """A variant's card values, bonuses and end rule, from its data, for the pad's footer."""
    rules = resolve(variant_id, {}, players)
    variant = rules.variant
    values = rules.values
    ace = values.ace if values.ace is not None else _("1 (11 when aces are not low only)")
    cards = [
        ("A", ace),
        ("K", values.king),
        ("Q", values.queen),
        ("J", values.jack),
        ("2–10", _("face value")),
        ("Joker", values.joker),
    ]
    bonuses = []
    for label, value in (
        (_("not yet melded"), variant.unopened_surcharge),
        (_("winner went rummy"), variant.rummy_surcharge),
        (_("rummy from a table with no meld"), variant.rummy_unopened_table_surcharge),
        (_("rummy bonus per opponent"), variant.rummy_bonus),
        (_("undercut"), variant.undercut_bonus),
        (_("out with no cards left"), variant.out_bonus),
        (_("reaching the target at the end"), variant.end_bonus),
        (_("per round won at the end"), variant.end_bonus_per_round_won),
        (_("first meld at least"), variant.opening_min),
        (_("knock with at most"), variant.knock_limit),
    ):
        if value:
            bonuses.append((label, value))
    if rules.start:
        bonuses.append((_("everyone starts with"), rules.start))
    for name, value in variant.scoring_numbers():  # the chips and points named above
        if name not in PAD_NAMED:
            bonuses.append((translated(SCORING_NUMBERS[name]), number_text(name, value)))
    goal = _("lowest total wins") if variant.goal == Goal.LOW else _("highest total wins")
    # the threshold and elimination sentences say who wins themselves
    end = {
        "target": lambda: _("first to reach %(target)s", target=rules.target) + "; " + goal,
        "rounds": lambda: (
            _("after %(rounds)s hands (one per player each dealing)", rounds=rules.rounds)
            + "; "
            + goal
        ),
        "threshold": lambda: _(
            "when a player passes %(target)s; lowest total wins", target=rules.target
        ),
        "elimination": lambda: _(
            "a player passing %(target)s is out; the last one in wins", target=rules.target
        ),
    }[rules.game_end.value]()
    return {
        "variant": variant,
        "rules": rules,
        "cards": cards,
        "bonuses": bonuses,
        "end": end,
        # hearts and diamonds in red on the pad: a few symbols, unlike the sheet's appendix
        "suit_pieces": [("♠", False), ("♥", True), ("♦", True), ("♣", False)],
        "goal": goal,
    }


def render_pad(variant_id: str, players: int, paper: str = "a4", lang: str = "en") -> bytes:
    """The pad of ``variant_id`` for ``players`` as a PDF, its words in ``lang``."""
    with speaking(lang):
        return pdf.render(
            "pad_pdf.html",
            paper,
            pad=cheat_sheet(variant_id, players),
            players=players,
            rounds=PAD_ROUNDS,
            locale=lang,
        )
