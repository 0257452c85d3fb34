"""A double check of the score sheet: every number the session page shows (each round's
change and running total per player, the totals, the standings bar, who deals next)
equals the engine's own ``game`` answer for the same rounds, asked directly."""

import re
from html import unescape

from scorekeeper.rules import game
from scorekeeper.rules.records import VARIANTS

PLAYERS = ["Ana", "Ben", "Cem", "Dan"]
# What the table typed, round by round: who went out, each loser's counted points or cards,
# and whether each loser had melded (Rami asks it of every loser).
ROUNDS = [
    ("Ana", {"Ben": 171, "Cem": 4, "Dan": 20}, {"Ben": False, "Cem": True, "Dan": True}),
    ("Ben", {"Ana": "KD QD 5C", "Cem": "JK", "Dan": "3H"}, {"Ana": True, "Cem": True, "Dan": True}),
    ("Dan", {"Ana": 610, "Ben": 8, "Cem": 13}, {"Ana": True, "Ben": True, "Cem": False}),
    ("Cem", {"Ana": 3, "Ben": 66, "Dan": 9}, {"Ana": True, "Ben": True, "Dan": True}),
]


def start(client, variant, players):
    data = {"players": "\n".join(players), "dealer": ""}
    for name, spec in VARIANTS[variant].options.items():
        if spec.default not in (None, False):
            data[f"option_{name}"] = "y" if spec.default is True else spec.default
    response = client.post(f"/new/{variant}", data=data)
    assert response.status_code == 302
    return response.headers["Location"].replace("http://table.test", "")


def enter(client, path, winner, hands, opened):
    counted = all(isinstance(h, int) for h in hands.values())
    data = {"mode": "count" if counted else "cards", "winner": winner, "end": "out", "save": "1"}
    for seat, player in enumerate(PLAYERS):
        if player in hands:
            kind = "count" if counted else "hand"
            data[f"{kind}_{seat}"] = str(hands[player])
            data[f"opened_{seat}"] = "y" if opened[player] else "n"
    response = client.post(f"{path}/rounds/new", data=data)
    assert response.status_code == 302, re.findall(r'class="error"[^>]*>([^<]*)', response.text)


def engine_round(winner, hands, opened):
    """The same round as the contract's record: cards as lists, counts as numbers."""
    given = {p: h if isinstance(h, int) else h.split() for p, h in hands.items()}
    return {
        "winner": winner,
        "end": "out",
        "hands": {winner: [], **given},
        "opened": {winner: True, **opened},
    }


def whole(text):
    """A number as a page shows it: 1,234 / +271 / 0 / −5."""
    text = unescape(text).strip().replace(",", "").replace("\u2212", "-").replace("\u202f", "")
    return int(text)


def cells(page, start, end):
    return page[page.index(start) : page.index(end, page.index(start))]


def test_every_number_on_the_sheet_is_the_engines(client):
    path = start(client, "rami", PLAYERS)
    for round_ in ROUNDS:
        enter(client, path, *round_)
    page = client.get(path).data.decode()
    answer = game(
        variant="rami",
        players=PLAYERS,
        dealer="Ana",
        options={},
        rounds=[engine_round(*round_) for round_ in ROUNDS],
    )

    body = cells(page, "<tbody>", "</tbody>")
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    assert len(rows) == len(ROUNDS)
    running = {p: 0 for p in PLAYERS}
    for row, scored in zip(rows, answer["rounds"], strict=True):
        shown = re.findall(
            r'<td class="(?:won)?">\s*([^<]+?)\s*<.*?<small>([^<]+)</small>', row, re.S
        )
        assert len(shown) == len(PLAYERS)
        assert re.search(r"dealt by (\w+)", row).group(1) == scored["dealer"]
        for player, (delta, total) in zip(PLAYERS, shown, strict=True):
            running[player] += scored["delta"][player]
            assert whole(delta) == scored["delta"][player], (player, row)
            assert whole(total) == running[player], (player, row)

    foot = cells(page, "<tfoot>", "</tfoot>")
    totals = [whole(t) for t in re.findall(r'<th class="total[^"]*">([^<]+)</th>', foot)]
    assert totals == [answer["totals"][p] for p in PLAYERS]

    bar = cells(page, 'class="standings"', "</section>")
    for player in PLAYERS:
        shown = re.search(rf"{player} <span class=\"total\">([^<]+)</span>", bar).group(1)
        assert whole(shown) == answer["totals"][player]
    leaders = re.findall(r"▲</span> (\w+)", bar)
    best = min(answer["totals"].values())  # Rami: the lowest total leads
    assert leaders == [p for p in PLAYERS if answer["totals"][p] == best]
    assert f"<strong data-next-dealer>{answer['next_dealer']}</strong> deals next" in bar
