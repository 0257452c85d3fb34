"""Who sits at the table between rounds: a player renamed, leaving, or joining.

A game's ``rounds`` list may hold a seating change between two rounds, one action each:

- ``{"seating": {"rename": "Dan", "to": "Daniel"}}``
- ``{"seating": {"leave": "Eve"}}``: Eve keeps her total, deals and plays no more and
  cannot win;
- ``{"seating": {"join": "Fay", "total": 120, "after": "Ana"}}``: Fay sits down after Ana
  (``after`` left out: after the last seat) with the total the table chose (left out:
  the variant's starting total).

Later rounds use the new names and seats; the deal size follows the count of players
still at the table.

>>> from .games import game
>>> answer = game(variant="rummy", players=["Ana", "Ben", "Cem"], options={"target": 500},
...               rounds=[{"winner": "Ana", "hands": {"Ben": ["KS"], "Cem": ["2C"]}},
...                       {"seating": {"leave": "Cem"}},
...                       {"winner": "Ben", "hands": {"Ana": ["5C"]}}])
>>> answer["totals"], answer["rounds"][1]["seating"], answer["seated"]
({'Ana': 12, 'Ben': 5, 'Cem': 0}, {'leave': 'Cem', 'after_round': 1}, ['Ana', 'Ben'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import RoundError
from .messages import N_
from .names import LONGEST_NAME, look_alike_problem, name_problem, normalised, same_name

MOST_TOTAL = 99_999  # a chosen starting total: far past any game's target, both signs
ACTIONS = ("rename", "leave", "join")


@dataclass
class Seating:
    """Everyone who has sat at the table, in seat order, by their current names."""

    order: list[str]
    left: list[str] = field(default_factory=list)
    former: dict[str, str] = field(default_factory=dict)  # every earlier name -> current name

    @property
    def present(self) -> list[str]:
        return [p for p in self.order if p not in self.left]

    def as_json(self) -> dict[str, Any]:
        return {"order": list(self.order), "left": list(self.left), "former": dict(self.former)}

    @classmethod
    def from_json(cls, players: list[str], kept: Mapping[str, Any] | None) -> Seating:
        if not kept or "order" not in kept:
            return cls(list(players))
        return cls(list(kept["order"]), list(kept["left"]), dict(kept["former"]))


def is_change(data: object) -> bool:
    return isinstance(data, Mapping) and "seating" in data


def _find(name: object, names: list[str], path: str) -> str:
    wanted = same_name(name) if isinstance(name, str) else None
    found = next((p for p in names if same_name(p) == wanted), None)
    if found is None:
        raise RoundError(
            N_(
                "'%(name)s' is not at the table (%(players)s)",
                name=name if isinstance(name, str) else "",
                players=", ".join(names),
            ),
            path,
        )
    return found


def _new_name(name: object, seating: Seating, path: str, own: str | None = None) -> str:
    if not isinstance(name, str):
        raise RoundError(
            N_("a player's name has 1 to %(most)s characters", most=LONGEST_NAME), path
        )
    name = normalised(name)
    problem = name_problem(name)
    if problem is not None:
        raise RoundError(problem, path)
    taken = [p for p in [*seating.order, *seating.former] if p != own]
    if same_name(name) in {same_name(p) for p in taken}:
        raise RoundError(
            N_("the name '%(name)s' is already used in this game (ignoring case)", name=name),
            path,
        )
    looks_alike = look_alike_problem([name], taken)
    if looks_alike is not None:
        raise RoundError(looks_alike, path)
    return name


def read_change(data: Mapping[str, Any], seating: Seating, prefix: str) -> dict[str, Any]:
    """The change as the table gave it, checked against the seats: a plain dict with
    the current spelling of each name."""
    change = data["seating"]
    path = f"{prefix}.seating"
    actions = [a for a in ACTIONS if isinstance(change, Mapping) and a in change]
    if len(actions) != 1:
        raise RoundError(
            N_("a seating change is one of 'rename', 'leave' or 'join' with a player's name"),
            path,
        )
    action = actions[0]
    allowed = {"rename": {"rename", "to"}, "leave": {"leave"}, "join": {"join", "total", "after"}}
    extra = sorted(set(change) - allowed[action])
    if extra:
        raise RoundError(
            N_("a seating change does not take '%(name)s'", name=extra[0]), f"{path}.{extra[0]}"
        )
    if action == "rename":
        old = _find(change["rename"], seating.order, f"{path}.rename")
        return {"rename": old, "to": _new_name(change.get("to"), seating, f"{path}.to", old)}
    if action == "leave":
        return {"leave": _find(change["leave"], seating.present, f"{path}.leave")}
    name = _new_name(change["join"], seating, f"{path}.join")
    total = change.get("total")
    if total is not None and (
        isinstance(total, bool) or not isinstance(total, int) or abs(total) > MOST_TOTAL
    ):
        raise RoundError(
            N_(
                "a starting total is a whole number from -%(most)s to %(most)s",
                most=MOST_TOTAL,
            ),
            f"{path}.total",
        )
    after = change.get("after")
    if after is not None:
        after = _find(after, seating.present, f"{path}.after")
    return {"join": name, "total": total, "after": after}


def apply(
    change: dict[str, Any],
    seating: Seating,
    tallies: list[dict[str, Any]],
    start: int,
) -> None:
    """Carry the change into the seats and into each per-player tally (totals, rounds won)."""
    if "rename" in change:
        old, new = change["rename"], change["to"]
        seating.order = [new if p == old else p for p in seating.order]
        seating.left = [new if p == old else p for p in seating.left]
        seating.former = {k: (new if v == old else v) for k, v in seating.former.items()}
        seating.former[old] = new
        for tally in tallies:
            tally[new] = tally.pop(old)
    elif "leave" in change:
        seating.left.append(change["leave"])
    else:
        name, after = change["join"], change["after"]
        at = seating.order.index(after) + 1 if after else len(seating.order)
        seating.order.insert(at, name)
        if change["total"] is None:
            change["total"] = start
        tallies[0][name] = change["total"]
        for tally in tallies[1:]:
            tally[name] = 0


def marker(change: dict[str, Any], hands: int) -> dict[str, Any]:
    """The change's place in the answer's ``rounds``: what changed and after which hand;
    nothing is scored, so the deltas and winners are empty."""
    if "rename" in change:
        line = N_("%(old)s is now %(new)s", old=change["rename"], new=change["to"])
        said = {"rename": change["rename"], "to": change["to"]}
    elif "leave" in change:
        line = N_("%(player)s left after round %(round)s", player=change["leave"], round=hands)
        said = {"leave": change["leave"]}
    else:
        line = N_("%(player)s joined with %(total)s", player=change["join"], total=change["total"])
        said = {"join": change["join"], "total": change["total"], "after": change["after"]}
    said["after_round"] = hands
    return {
        "seating": said,
        "delta": {},
        "transfers": [],
        "winners": [],
        "explain": [line],
        "dealer": None,
    }
