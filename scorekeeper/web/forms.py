"""Flask-WTF forms. The house-rule and round forms are built from the variant's data,
so every variant gets its own form without a template of its own."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from flask import has_request_context, request
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms.validators import DataRequired, Length, NumberRange, Optional, ValidationError

from scorekeeper.language.formatting import cards_text, translated
from scorekeeper.language.i18n import current_language, gettext
from scorekeeper.language.i18n import lazy_gettext as _l
from scorekeeper.rules.cards import card_tokens, meld_tokens
from scorekeeper.rules.names import (
    LONGEST_NAME,
    look_alike_problem,
    normalised,
    repeated,
    same_name,
)
from scorekeeper.rules.names import name_problem as engine_name_problem
from scorekeeper.rules.records import VARIANTS
from scorekeeper.rules.variant import GOING_OUT, RoundEnd, Variant

from .form_base import Form

try:  # WTForms 3.3 names its choices; older releases take (value, label) pairs
    from wtforms.fields.choices import SelectChoice as _SelectChoice
except ImportError:  # pragma: no cover
    _SelectChoice = None


def choices(pairs: list[tuple[str, str]]) -> list[Any]:
    """Select choices in the form the installed WTForms expects."""
    if _SelectChoice is None:
        return pairs
    return [_SelectChoice(value, label) for value, label in pairs]


class EmptyForm(Form):
    """A button that changes something: only the CSRF token."""


def option_label(name: str, spec: Any) -> str:
    """What a house rule is called on a page: its label, or its name until it has one."""
    return getattr(spec, "label", None) or name.replace("_", " ")


DEALT = ("decks", "jokers", "cards")  # options whose default follows the deal table


def _unset_default(name: str, variant: Variant) -> str:
    """What an option left empty means, shown in its empty field: the deal table's number
    for each player count, or that there is none."""
    per_player = getattr(variant, "rounds_per_player", None)
    if name == "rounds" and per_player:
        return gettext("%(count)s × the number of players", count=per_player)
    if name not in DEALT:
        return gettext("none")
    spans: list[list[int]] = []  # [low, high, value], neighbouring rows of one value joined
    for (low, high), value in sorted((row.players, getattr(row, name)) for row in variant.deal):
        if spans and spans[-1][2] == value and spans[-1][1] + 1 >= low:
            spans[-1][1] = max(spans[-1][1], high)
        else:
            spans.append([low, high, value])
    if len({value for _, _, value in spans}) == 1:
        return str(spans[0][2])
    return ", ".join(
        gettext("%(value)s for %(low)s–%(high)s players", value=value, low=low, high=high)
        for low, high, value in spans
    )


def _option_field(name: str, spec: Any, variant: Variant) -> Field:
    label = translated(option_label(name, spec))
    help_text = translated(spec.text)
    if spec.kind is bool:
        return BooleanField(label, default=spec.default, description=help_text)
    if spec.kind is int:
        # an emptied field means the default it showed (see options_from), never "no value"
        validators: list[Any] = [Optional()]
        maximum = getattr(spec, "maximum", None)
        if spec.minimum is not None or maximum is not None:
            validators.append(NumberRange(min=spec.minimum, max=maximum))
        shown = {} if spec.default is not None else {"placeholder": _unset_default(name, variant)}
        return IntegerField(
            label,
            default=spec.default,
            validators=validators,
            description=help_text,
            render_kw=shown,
        )
    said = getattr(spec, "choice_help", {})
    return SelectField(
        label,
        choices=choices([(c, translated(said.get(c, c))) for c in spec.choices]),
        default=spec.default,
        description=help_text,
    )


def players_from_text(text: str) -> list[str]:
    names = (normalised(line) for line in text.replace(",", "\n").splitlines())
    return [name for name in names if name]


def name_problem(name: str, variant: Variant) -> str | None:
    """Why this (normalised) player name cannot be used in this variant, or None."""
    problem = engine_name_problem(name)
    if problem is not None:
        return translated(problem)
    if ">" in name and "fed" in variant.round_facts:
        # it separates the giver from the taker in the list of discards taken
        return gettext("A name cannot contain '>'.")
    return None


def session_form(variant: Variant, formdata: Any = None, **defaults: Any) -> FlaskForm:
    """Players in seat order, the first dealer, and every house rule of the variant."""
    low, high = variant.players

    class NewSessionForm(Form):
        players = TextAreaField(
            _l("Players, in seat order (clockwise), one per line"),
            validators=[DataRequired(message=_l("Enter the players, one per line."))],
        )
        dealer = StringField(
            _l("Who deals first (leave empty: the first player)"),
            validators=[Length(max=LONGEST_NAME)],
        )
        submit = SubmitField(_l("Start the game"))

        def validate_players(self, field: Field) -> None:
            names = players_from_text(field.data or "")
            for name in names:
                problem = name_problem(name, variant)
                if problem:
                    raise ValidationError(problem)
            if repeated(names) is not None:
                raise ValidationError(
                    _l("Two players have the same name: give each a different one.")
                )
            looks_alike = look_alike_problem(names)
            if looks_alike is not None:
                raise ValidationError(translated(looks_alike))
            if low == high != len(names):
                raise ValidationError(
                    gettext(
                        "%(variant)s is for %(count)s players, not %(given)s.",
                        variant=translated(variant.name),
                        count=low,
                        given=len(names),
                    )
                )
            if not low <= len(names) <= high:
                raise ValidationError(
                    gettext(
                        "%(variant)s is for %(low)s to %(high)s players, not %(count)s.",
                        variant=translated(variant.name),
                        low=low,
                        high=high,
                        count=len(names),
                    )
                )

        def validate_dealer(self, field: Field) -> None:
            if not (field.data or "").strip():
                return
            wanted = same_name(normalised(field.data))
            names = players_from_text(self.players.data or "")
            found = next((name for name in names if same_name(name) == wanted), None)
            if found is None:
                raise ValidationError(_l("The dealer must be one of the players."))
            field.data = found  # as the players list spells it

    option_names = []
    for name, spec in variant.options.items():
        setattr(NewSessionForm, f"option_{name}", _option_field(name, spec, variant))
        option_names.append(name)
    # formdata=None would switch off reading the request: pass it only when given
    form = (
        NewSessionForm(formdata=formdata, **defaults)
        if formdata is not None
        else NewSessionForm(**defaults)
    )
    form.option_names = option_names
    return form


def options_from(form: FlaskForm, variant: Variant) -> dict[str, Any]:
    """The house rules that differ from the variant's defaults."""
    chosen = {}
    for name, spec in variant.options.items():
        value = form[f"option_{name}"].data
        if spec.kind is int and value is None:
            continue
        if value != spec.default:
            chosen[name] = value
    return chosen


NOBODY = ""  # the winner choice "nobody": no player name is empty, so none can collide


# the table's last choice between typing cards and typing counted points, per session
# (the cookie's path is the session's rounds, so each table keeps its own)
ENTRY_COOKIE = "entry_mode"
ENTRY_MODES = ("cards", "count")
YES, NO = "y", "n"
MOST_COUNTED = 9999  # the contract's bound on a hand given as a count
# more than any hand can draw, even with the discards shuffled into a new stock: a bound on
# what is typed, not a rule
MOST_DRAWS = 999


def preferred_mode() -> str:
    mode = request.cookies.get(ENTRY_COOKIE) if has_request_context() else None
    return mode if mode in ENTRY_MODES else "cards"


def _counted_only(form: FlaskForm, field: Field) -> None:
    """A number typed on a phone's keypad: empty (not given), or 0 to 9999."""
    text = (field.data or "").strip()
    if form.mode.data == "count" and text and not (text.isdigit() and int(text) <= MOST_COUNTED):
        raise ValidationError(gettext("Type a whole number from 0 to %(most)s.", most=MOST_COUNTED))


def _melds_or_none(seat: int, player: str) -> Any:
    def check(form: FlaskForm, field: Field) -> None:
        counted = form.mode.data == "count"  # the melds are not asked beside a count
        if field.data and not counted and (form[f"melds_{seat}"].data or "").strip():
            raise ValidationError(
                gettext(
                    "%(player)s has melds listed and 'No meld' ticked: keep one of the two.",
                    player=player,
                )
            )

    return check


def player_ends(variant: Variant) -> list[RoundEnd]:
    """The ways a player can end this variant's round (the stock running out is nobody's)."""
    return [end for end in variant.ends if end.by_player]


def _winner_words(variant: Variant) -> tuple[Any, Any]:
    """The winner question and its prompt, in the variant's own terms (a knock only where
    the variant has one)."""
    ends = set(player_ends(variant))
    if ends == {RoundEnd.KNOCK}:
        return _l("Who knocked"), _l("Choose who knocked.")
    if RoundEnd.KNOCK in ends:
        return _l("Who went out or knocked"), _l("Choose who went out or knocked.")
    return _l("Who went out"), _l("Choose who went out.")


def round_form(
    variant: Variant, players: list[str], options: dict[str, Any], formdata: Any = None
) -> FlaskForm:
    """A round of this variant: who won and how, each hand (as cards or as a count), and the
    facts the variant needs. Every answer that changes a score is asked; an answer the
    table gives most rounds may be offered ready (see rounds.usual_opened)."""
    # the form's class is built once per table (its players, house rules, language and entry
    # mode) and only bound per request: building it cost more than the save's SQL
    form_class = _round_form_class(
        variant.id,
        tuple(players),
        json.dumps(options, sort_keys=True),
        current_language().lang,
        preferred_mode(),
    )
    return form_class(formdata=formdata) if formdata is not None else form_class()


@lru_cache(maxsize=512)
def _round_form_class(
    variant_id: str, players: tuple[str, ...], options_json: str, lang: str, entry_mode: str
) -> type[FlaskForm]:
    variant = VARIANTS[variant_id]
    options = json.loads(options_json)
    winner_choices = [(p, p) for p in players]
    if RoundEnd.STOCK in variant.ends:
        winner_choices.append((NOBODY, _l("Nobody (the stock ran out)")))
    end_text = {
        RoundEnd.OUT: _l("Went out"),
        RoundEnd.RUMMY: _l("Went rummy (all at once)"),
        RoundEnd.KNOCK: _l("Knocked"),
        RoundEnd.STOCK: _l("Stock ran out / blocked"),
    }
    counted_facts = getattr(variant, "winner_count_facts", ())
    facts = variant.facts_in_force(options)
    winner_label, winner_prompt = _winner_words(variant)

    def chosen_winner(form: FlaskForm, field: Field) -> None:
        if field.data not in {value for value, _ in winner_choices}:
            raise ValidationError(str(winner_prompt))

    def answered(player: str) -> Any:
        """Where not having melded costs (Rami's +100), each loser's answer is needed."""

        def check(form: FlaskForm, field: Field) -> None:
            went_out = form.winner.data == player and form.end.data in GOING_OUT
            if variant.unopened_surcharge and field.data not in (YES, NO) and not went_out:
                raise ValidationError(
                    gettext("Had %(player)s melded before the end? Tap yes or no.", player=player)
                )

        return check

    class RoundForm(Form):
        mode = RadioField(
            _l("Enter each hand as"),
            choices=choices([("count", _l("Points counted")), ("cards", _l("Cards"))]),
            default=entry_mode,
            validate_choice=False,
            filters=[lambda value: value if value in ENTRY_MODES else "cards"],
        )
        winner = RadioField(
            winner_label,
            choices=choices(winner_choices),
            validate_choice=False,
            validators=[chosen_winner],
        )
        end = SelectField(
            _l("How the round ended"), choices=choices([(e, end_text[e]) for e in variant.ends])
        )
        action = HiddenField(default="preview")
        # the session revision the form was loaded at, and its one-time key (exactly-once saves)
        revision = HiddenField()
        submission = HiddenField()
        preview = SubmitField(_l("Check the round"))
        save = SubmitField(_l("Save the round"))

    for seat, player in enumerate(players):
        setattr(
            RoundForm,
            f"hand_{seat}",
            StringField(gettext("%(player)s: cards left in hand", player=player)),
        )
        setattr(
            RoundForm,
            f"count_{seat}",
            StringField(
                gettext("%(player)s: points in hand", player=player), validators=[_counted_only]
            ),
        )
        if variant.melds_scored:
            setattr(
                RoundForm,
                f"melds_{seat}",
                TextAreaField(gettext("%(player)s: melds laid down, one per line", player=player)),
            )
        if variant.count_needs_melds:
            # with cards an empty melds field is "not given" (the engine arranges the cards),
            # so "none" (móm) is ticked here; beside a count it is all that is asked of melds
            setattr(
                RoundForm,
                f"nomelds_{seat}",
                BooleanField(_l("No meld"), validators=[_melds_or_none(seat, player)]),
            )
        if "opened" in facts:
            setattr(
                RoundForm,
                f"opened_{seat}",
                RadioField(
                    gettext("Had %(player)s melded before the end?", player=player),
                    choices=choices([(YES, _l("Yes")), (NO, _l("No"))]),
                    validate_choice=False,
                    validators=[answered(player)],
                ),
            )
    if "draws" in facts:
        RoundForm.draws = IntegerField(
            _l("How many cards the winner drew before going out"),
            validators=[
                Optional(),
                NumberRange(
                    min=0,
                    max=MOST_DRAWS,
                    message=_l("Type a whole number from 0 to %(most)s.", most=MOST_DRAWS),
                ),
            ],
        )
    if "meld_points" in counted_facts:
        RoundForm.meld_points = StringField(
            _l("The winner's melds, counted at the table (points)"), validators=[_counted_only]
        )
    if "wilds" in counted_facts:
        RoundForm.wilds_jokers = StringField(
            _l("Jokers in the winner's melds"), validators=[_counted_only]
        )
        if "wilds.deuces" in facts:
            RoundForm.wilds_deuces = StringField(
                _l("Deuces used as wild cards in the winner's melds"), validators=[_counted_only]
            )
        if "one_suit" in facts:
            RoundForm.one_suit = BooleanField(_l("All 15 of the winner's cards in one suit"))
    if "ten_cards" in facts:
        RoundForm.ten_cards = BooleanField(_l("Ù with all 10 cards melded (no discard)"))
    if "fed" in facts:
        RoundForm.fed = TextAreaField(_l("Discards taken: one line each, 'from > to'"))
    # Gin: big gin, and with Oklahoma the first up-card
    if "big_gin" in facts:
        RoundForm.big_gin = BooleanField(_l("Big gin: all 11 cards melded, no discard"))
    if "upcard" in facts:
        RoundForm.upcard = StringField(_l("The first up-card (Oklahoma)"))
    return RoundForm


def _number(text: str | None) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isdigit() and int(text) <= MOST_COUNTED else None


def round_facts(form: FlaskForm, variant: Variant, players: list[str]) -> dict[str, Any]:
    """The round record of the contract, from the form as typed (cards left as text tokens,
    or counts). A count left empty leaves that hand out, so the engine names the hands it
    needs; "had melded" left unanswered stays unanswered, for the engine to ask."""
    counted = form.mode.data == "count"
    winner = None if form.winner.data == NOBODY else form.winner.data
    end = form.end.data
    if winner is None and RoundEnd.STOCK in variant.ends:
        end = RoundEnd.STOCK  # "nobody" says how the round ended: there is no second question
    facts: dict[str, Any] = {"winner": winner, "end": end, "hands": {}}
    winner_holds_nothing = winner is not None and end in GOING_OUT
    for seat, player in enumerate(players):
        if player == winner and winner_holds_nothing:
            # the form hides this hand once the winner is chosen: what it held no longer counts
            facts["hands"][player] = []
        elif counted:
            count = _number(form[f"count_{seat}"].data)
            if count is not None:
                facts["hands"][player] = count
        else:
            facts["hands"][player] = card_tokens(form[f"hand_{seat}"].data or "")
        if counted and variant.count_needs_melds:
            # beside a count only whether the player has a meld is asked: one toggle
            if not (player == winner and winner_holds_nothing):
                has_meld = not form[f"nomelds_{seat}"].data
                facts.setdefault("has_meld", {})[player] = has_meld
        elif variant.melds_scored:
            melds = meld_tokens(form[f"melds_{seat}"].data or "")
            if melds:
                facts.setdefault("melds", {})[player] = melds
            elif f"nomelds_{seat}" in form and form[f"nomelds_{seat}"].data:
                facts.setdefault("melds", {})[player] = []
        if "opened" in variant.round_facts:
            answer = form[f"opened_{seat}"].data
            opened = facts.setdefault("opened", {})
            if player == winner and winner_holds_nothing:
                # the round says it: out after an earlier meld, or rummy with none before
                opened[player] = end != RoundEnd.RUMMY
            elif answer in (YES, NO):
                opened[player] = answer == YES
    if "draws" in form and form.draws.data is not None:
        facts["draws"] = form.draws.data
    if counted and "meld_points" in form and _number(form.meld_points.data) is not None:
        facts["meld_points"] = _number(form.meld_points.data)
    if counted and "wilds_jokers" in form:
        wilds = {"jokers": _number(form.wilds_jokers.data)}
        if "wilds_deuces" in form:
            wilds["deuces"] = _number(form.wilds_deuces.data)
        wilds = {kind: n for kind, n in wilds.items() if n is not None}
        if wilds:
            facts["wilds"] = wilds
            if "one_suit" in form:
                facts["one_suit"] = bool(form.one_suit.data)
    if "ten_cards" in form and form.ten_cards.data:
        facts["ten_cards"] = True
    if "big_gin" in form and form.big_gin.data:
        facts["big_gin"] = True
    if "upcard" in form and (form.upcard.data or "").strip():
        facts["upcard"] = form.upcard.data.strip()
    if "fed" in form:
        pairs = []
        for line in (form.fed.data or "").splitlines():
            if ">" in line:
                giver, _, taker = line.partition(">")
                pairs.append([giver.strip(), taker.strip()])
        facts["fed"] = pairs
    return facts


def fill_round_form(
    form: FlaskForm, variant: Variant, players: list[str], facts: dict[str, Any]
) -> None:
    """Put a stored round back into the form, for a correction (as counts if it was counted)."""
    hands = facts.get("hands", {})
    form.mode.data = "count" if any(isinstance(h, int) for h in hands.values()) else "cards"
    form.winner.data = facts.get("winner") or NOBODY
    form.end.data = facts.get("end")
    for seat, player in enumerate(players):
        hand = hands.get(player, [])
        if isinstance(hand, int):
            form[f"count_{seat}"].data = str(hand)
        else:
            form[f"hand_{seat}"].data = cards_text(hand)  # in the reader's letters
        if variant.melds_scored:
            melds = facts.get("melds", {}).get(player, [])
            form[f"melds_{seat}"].data = "\n".join(cards_text(meld) for meld in melds)
            if f"nomelds_{seat}" in form:
                told = facts.get("has_meld", {}).get(player)
                listed_none = player in facts.get("melds", {}) and not melds
                form[f"nomelds_{seat}"].data = listed_none or told is False
        if "opened" in variant.round_facts:
            opened = facts.get("opened", {}).get(player)
            form[f"opened_{seat}"].data = None if opened is None else YES if opened else NO
    if "draws" in form:
        form.draws.data = facts.get("draws")
    if "meld_points" in form and facts.get("meld_points") is not None:
        form.meld_points.data = str(facts["meld_points"])
    wilds = facts.get("wilds")
    wilds = {"jokers": wilds} if isinstance(wilds, int) else wilds
    if "wilds_jokers" in form and isinstance(wilds, dict):
        form.wilds_jokers.data = str(wilds.get("jokers", ""))
        if "wilds_deuces" in form:
            form.wilds_deuces.data = str(wilds.get("deuces", ""))
    if "one_suit" in form:
        form.one_suit.data = bool(facts.get("one_suit"))
    if "ten_cards" in form:
        form.ten_cards.data = bool(facts.get("ten_cards"))
    if "big_gin" in form:
        form.big_gin.data = bool(facts.get("big_gin"))
    if "upcard" in form:
        form.upcard.data = facts.get("upcard") or ""
    if "fed" in form:
        form.fed.data = "\n".join(f"{a} > {b}" for a, b in facts.get("fed", []))


def option_field(form: FlaskForm, path: str | None) -> Field:
    """The field of the new-session form an engine error about options belongs next to."""
    name = f"option_{(path or '').removeprefix('options.')}"
    return form[name] if (path or "").startswith("options.") and name in form else form.players


FIELD_PREFIX = {"hands": "hand", "melds": "melds", "opened": "opened", "has_meld": "nomelds"}


def field_for(path: str | None, players: list[str]) -> str | None:
    """The form field an engine error's JSON path points at (round.hands.Ben[2] -> hand_1)."""
    if not path:
        return None
    parts = path.replace("[", ".").replace("]", "").split(".")
    parts = (
        parts[2:] if parts[0].startswith("rounds") else parts[1:] if parts[0] == "round" else parts
    )
    if len(parts) > 1 and parts[0] in FIELD_PREFIX and parts[1] in players:
        return f"{FIELD_PREFIX[parts[0]]}_{players.index(parts[1])}"
    if parts and parts[0] in ("winner", "end", "draws", "fed", "ten_cards", "big_gin", "upcard"):
        return parts[0]
    return None


class RefereeForm(Form):
    variant = SelectField(_l("Variant"))
    question = SelectField(
        _l("Question"),
        choices=choices(
            [
                ("meld", _l("Is this meld legal?")),
                ("opening", _l("Is this a legal first meld?")),
                ("going_out", _l("Can this whole hand go out at once?")),
                ("arrange", _l("Best arrangement of a hand")),
                ("turn", _l("Carousel: is this turn legal?")),
                ("knock", _l("Gin: is this a legal knock?")),
                ("layoff", _l("Gin: what does the defender lay off?")),
            ]
        ),
    )
    melds = TextAreaField(_l("Melds, one per line (for a turn: the table after it)"))
    hand = StringField(_l("Hand (for the best arrangement)"))
    table_before = TextAreaField(_l("Carousel: the table before the turn, one meld per line"))
    from_hand = StringField(_l("Carousel: cards played from hand"))
    onto = TextAreaField(_l("Gin: the knocker's melds, one per line"))
    upcard = StringField(_l("Gin with Oklahoma: the first up-card"))
    submit = SubmitField(_l("Ask the referee"))
