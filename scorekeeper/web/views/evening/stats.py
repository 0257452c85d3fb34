"""Each player's statistics over the games a phone and its table group hold, and the
table groups that share them."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from flask import abort, flash, redirect, render_template, url_for

from scorekeeper.language.i18n import gettext as _
from scorekeeper.rules.records import VARIANTS
from scorekeeper.rules.variant import Goal
from scorekeeper.storage import device_store, game_stats, session_store
from scorekeeper.web.form_base import Form
from scorekeeper.web.links import share_url

from ..access import phone_keeping, phone_reading
from .blueprint import bp


def player_stats(games: list[tuple[session_store.Session, Any]]) -> dict[str, Any]:
    """Per player name: games, wins, average per round, best and worst round, wins by
    variant, from each game's part (see game_stats; None: a game that no longer scores)."""
    people: dict[str, dict[str, Any]] = {}
    for session, parts in games:
        if parts is None:
            continue
        variant = VARIANTS[session.variant]
        sign = 1 if variant.goal == Goal.HIGH else -1  # a penalty game's best round is its lowest
        for part in parts:
            person = people.setdefault(
                part["name"],
                {
                    "name": part["name"],
                    "games": 0,
                    "won": 0,
                    "rounds": 0,
                    "points": 0,
                    "best": None,
                    "worst": None,
                    "by_variant": defaultdict(int),
                },
            )
            person["games"] += 1
            if part["won"]:
                person["won"] += 1
                person["by_variant"][variant.name] += 1
            if not part["rounds"]:
                continue
            person["rounds"] += part["rounds"]
            person["points"] += part["points"]
            best = (sign * part["best"], part["best"], variant.name)
            if person["best"] is None or best[0] > person["best"][0]:
                person["best"] = best
            worst = (sign * part["worst"], part["worst"], variant.name)
            if person["worst"] is None or worst[0] < person["worst"][0]:
                person["worst"] = worst
    listed = sorted(people.values(), key=lambda p: (-p["won"], -p["games"], p["name"]))
    for person in listed:
        person["average"] = round(person["points"] / person["rounds"], 1) if person["rounds"] else 0
        person["by_variant"] = sorted(person["by_variant"].items())
    return {"players": listed}


STATS_GAMES = 500  # the latest games a phone and its group hold are enough


class GroupForm(Form):
    """No fields: the CSRF token makes joining, starting and leaving a deliberate tap."""


@bp.get("/stats")
def stats():
    device = phone_reading()
    sessions = device_store.shared_sessions(device, STATS_GAMES + 1) if device else []
    capped = len(sessions) > STATS_GAMES
    counted = game_stats.counted(sessions[:STATS_GAMES])
    stats = player_stats(counted.games)
    most = max([p["games"] for p in stats["players"]] or [1])
    bars = [
        {
            "name": person["name"],
            "y": 4 + i * 22,
            "games": round(300 * person["games"] / most, 1),
            "won": round(300 * person["won"] / most, 1),
            "label": f"{person['won']} / {person['games']}",
        }
        for i, person in enumerate(stats["players"][:20])
    ]
    group = device_store.device_group(device) if device else None
    return render_template(
        "stats.html",
        stats=stats,
        games=len(counted.games),
        waiting=counted.waiting,
        capped=capped,
        bars=bars,
        group=group,
        group_link=share_url("evening.join_group", token=group.token) if group else None,
        form=GroupForm(),
    )


@bp.post("/stats/group")
def start_group():
    if GroupForm().validate_on_submit():
        device_store.start_group(phone_keeping())
    return redirect(url_for("evening.stats"))


@bp.route("/stats/join/<token>", methods=["GET", "POST"])
def join_group(token: str):
    if len(token) > 64 or not device_store.group_exists(token):
        abort(404)
    form = GroupForm()
    if form.validate_on_submit():
        device_store.join_group(phone_keeping(), token)
        flash(_("This phone now shares its games with the table's group."))
        return redirect(url_for("evening.stats"))
    return render_template("group_join.html", form=form, token=token)


@bp.post("/stats/leave")
def leave_group():
    device = phone_reading()
    if GroupForm().validate_on_submit() and device is not None:
        device_store.leave_group(device)
    return redirect(url_for("evening.stats"))
