"""The referee: settle a dispute about a meld, an opening, a whole hand or a Carousel turn."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from scorekeeper.language.formatting import translated
from scorekeeper.language.i18n import gettext as _
from scorekeeper.rules import RulesError, arrange, check
from scorekeeper.rules.cards import card_tokens, meld_tokens, parse_card
from scorekeeper.rules.catalog import resolve
from scorekeeper.rules.records import VARIANTS
from scorekeeper.web.forms import RefereeForm, choices
from scorekeeper.web.photos import read_form_photos

from .access import find_link

bp = Blueprint("referee", __name__, url_prefix="/referee")


def _allowed(variant_id: str, options: dict) -> bool:
    low, high = VARIANTS[variant_id].players
    try:
        resolve(variant_id, options, players=low)
        resolve(variant_id, options, players=high)
    except RulesError:
        return False
    return True


# which fields of the form each question reads
FIELDS_OF_QUESTION = {
    "meld": ["melds"],
    "opening": ["melds"],
    "going_out": ["melds"],
    "arrange": ["hand"],
    "turn": ["melds", "table_before", "from_hand"],
    "knock": ["hand", "upcard"],
    "layoff": ["hand", "onto"],
}


def _rules_for(variant_id: str, options: dict):
    """The variant's rules with the game's house rules it has (or its defaults)."""
    variant = VARIANTS[variant_id]
    kept = {name: value for name, value in options.items() if name in variant.options}
    try:
        return resolve(variant_id, kept, players=variant.players[0])
    except RulesError:
        return resolve(variant_id, {}, players=variant.players[0])


def questions_of(variant_id: str, options: dict) -> list[str]:
    """The questions that mean something in a variant: a first meld only where there is a
    first-meld rule, going out at once only where going out has a rule of its own, a turn
    only where the table is rearranged, a knock where a knock has a limit, lay-offs where the
    defender lays off after a knock."""
    rules = _rules_for(variant_id, options)
    asked = {
        "meld": True,
        "opening": bool(rules.opening_min or rules.opening_natural_run),
        "going_out": bool(
            rules.going_out_patterns
            or rules.going_out_hand_sizes
            or rules.going_out_natural_run
            or rules.going_out_min
        ),
        "arrange": True,
        "turn": rules.rearranges_table,
        "knock": rules.knock_limit is not None,
        "layoff": bool(getattr(rules, "defender_lays_off", False)),
    }
    return [question for question, meaningful in asked.items() if meaningful]


def _with_wild_cards(verdicts: list[dict], melds: list[list[str]]) -> list[dict]:
    """Each meld's verdict with its wild cards as the table says them: which card (a joker,
    or a deuce where deuces are wild) stands for which, read from the melds as asked."""
    said = []
    for verdict, meld in zip(verdicts, melds, strict=True):
        wild = [
            (parse_card(meld[int(index)]).physical, card)
            for index, card in verdict["jokers"].items()
        ]
        said.append(verdict | {"wild": wild})
    return said


@bp.route("/", methods=["GET", "POST"])
def ask():
    form = RefereeForm()
    form.variant.choices = choices([(v.id, translated(v.name)) for v in VARIANTS.values()])
    options: dict = {}
    token = request.args.get("session")
    if token:
        found = find_link(token)
        if found is None:
            form.variant.errors = [
                _("This session link is not known; the referee uses the variant chosen here.")
            ]
            token = None
        else:
            session = found[0]
            options = session.options
            if request.method == "GET":
                form.variant.data = session.variant
    answer = arranged = knock = None
    photo_reads = None
    if request.method == "POST":
        # a phone without scripts sent a photo: its cards into the hand (the questions about
        # a hand) or as one meld, the page shown again to check them before asking
        asked = form.question.data
        target = "hand" if "hand" in FIELDS_OF_QUESTION.get(asked, ["melds"]) else "melds"
        variant = form.variant.data if form.variant.data in VARIANTS else None
        photo_reads = read_form_photos(form, {"photo": target}, variant)
    if photo_reads is None and form.validate_on_submit():
        question = form.question.data
        # the game's house rules, less those the variant asked about does not have
        known = VARIANTS[form.variant.data].options if form.variant.data in VARIANTS else {}
        kept = {name: value for name, value in options.items() if name in known}
        if kept and not _allowed(form.variant.data, kept):
            kept = {}  # a value the game allows that this variant does not: its defaults
        request_ = {"variant": form.variant.data, "options": kept}
        try:
            hand = card_tokens(form.hand.data or "")
            if question == "arrange":
                arranged = arrange(request_ | {"hand": hand})
            elif question == "layoff":
                onto = meld_tokens(form.onto.data or "")
                arranged = arrange(request_ | {"hand": hand, "onto": onto}) | {"onto": onto}
            elif question == "knock":
                upcard = (form.upcard.data or "").strip()
                knock = check(request_ | {"knock": hand} | ({"upcard": upcard} if upcard else {}))
            else:
                request_["melds"] = meld_tokens(form.melds.data or "")
                if question == "opening":
                    request_["opening"] = True
                if question == "going_out":
                    request_["going_out"] = True
                if question == "turn":
                    request_["table_before"] = meld_tokens(form.table_before.data or "")
                    request_["from_hand"] = card_tokens(form.from_hand.data or "")
                if not request_["melds"]:
                    form.melds.errors = [
                        _("Enter at least one meld, its cards separated by spaces.")
                    ]
                else:
                    answer = check(request_)
                    answer["melds"] = _with_wild_cards(answer["melds"], request_["melds"])
        except RulesError as error:
            target = {
                "hand": form.hand,
                "melds": form.melds,
                "table_before": form.table_before,
                "from_hand": form.from_hand,
                "knock": form.hand,
                "onto": form.onto,
                "upcard": form.upcard,
                "variant": form.variant,
            }.get((error.field or "").split("[")[0].split(".")[0], form.melds)
            target.errors = [*target.errors, translated(error.message)]
    return render_template(
        "referee.html",
        form=form,
        answer=answer,
        arranged=arranged,
        knock=knock,
        token=token,
        questions={v: questions_of(v, options) for v in VARIANTS},
        jokers={v: _rules_for(v, options).jokers for v in VARIANTS},
        fields_of_question=FIELDS_OF_QUESTION,
        photo_reads=photo_reads or {},
    )
