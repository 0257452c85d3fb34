"""One round of every variant through the round form, scored as VARIANTS.md says."""

import re

import pytest

from tests.web.sessions import start_game

FIVE_RUNS = "3S 4S 5S\n3H 4H 5H\n3D 4D 5D\n3C 4C 5C\n8S 9S 10S"

# variant, players, form data, the delta row expected (worked by hand)
ROUNDS = [
    # the winner scores the cards left in the other hands: K 10 + 7
    ("rummy", ["Ana", "Ben"], {"winner": "Ana", "end": "out", "hand_1": "KS 7D"}, ["+17", "0"]),
    # aces around the corner count 11: A 11 + 2
    (
        "around-the-corner",
        ["Ana", "Ben"],
        {"winner": "Ana", "end": "out", "hand_1": "AS 2D"},
        ["+13", "0"],
    ),
    # nothing arranged: 3+4+5 of hearts count in full, 12
    (
        "rummy-complete",
        ["Ana", "Ben"],
        {"winner": "Ana", "end": "out", "hand_1": "3H 4H 5H"},
        ["+12", "0"],
    ),
    # blocked: Ana 5, Ben 9: Ana earns 4
    (
        "block-rummy",
        ["Ana", "Ben"],
        {"winner": "", "end": "stock", "hand_0": "5C", "hand_1": "9D"},
        ["+4", "0"],
    ),
    # Ben's 7-8-9 of spades is arranged away: K 10 left
    (
        "boat-house",
        ["Ana", "Ben"],
        {"winner": "Ana", "end": "out", "hand_1": "7S 8S 9S KD"},
        ["+10", "0"],
    ),
    # joker 25 + ace 15
    ("kaluki", ["Ana", "Ben"], {"winner": "Ana", "end": "out", "hand_1": "JK AS"}, ["+40", "0"]),
    # identical cards: 7+7+7 in hand
    (
        "double-rum",
        ["Ana", "Ben"],
        {"winner": "Ana", "end": "out", "hand_1": "7S 7S 7H"},
        ["+21", "0"],
    ),
    # Ana knocks with K 10 after A-2-3; Ben 7 + 8 after three nines: Ana wins 5
    (
        "knock-rummy",
        ["Ana", "Ben"],
        {
            "winner": "Ana",
            "end": "knock",
            "hand_0": "AS 2S 3S KH 10S JS QS 9C 10C JC",
            "hand_1": "9S 9H 9D 7C 8D AD 2D 3D 4D 5D",
        },
        ["+5", "0"],
    ),
    # five runs of three, no wild card: 1 from Ben
    (
        "continental",
        ["Ana", "Ben"],
        {"winner": "Ana", "end": "out", "melds_0": FIVE_RUNS},
        ["+1", "-1"],
    ),
    # 5-6-7 of diamonds 18 + four nines 36 = 54, one opponent
    (
        "queen-city",
        ["Ana", "Ben"],
        {"winner": "Ana", "end": "out", "melds_0": "5D 6D 7D\n9S 9H 9C 9D"},
        ["+54", "0"],
    ),
    # ù: 6 from the other player
    (
        "phom",
        ["Ana", "Ben"],
        {"winner": "Ana", "end": "rummy", "melds_0": "AS 2S 3S\n7H 7D 7C\n9C 10C JC"},
        ["+6", "-6"],
    ),
    # joker 30 + A 11 + 5 added to Ben
    (
        "german-rummy",
        ["Ana", "Ben"],
        {"winner": "Ana", "end": "out", "hand_1": "JK AS 5D"},
        ["0", "+46"],
    ),
    # one hand won
    ("nowrang", ["Ana", "Ben"], {"winner": "Ben", "end": "out"}, ["0", "+1"]),
    # Ben had melded: just his 4 + 5
    (
        "rami",
        ["Ana", "Ben"],
        {"winner": "Ana", "end": "out", "hand_1": "4C 5C", "opened_1": "y"},
        ["0", "+9"],
    ),
    # Ana knocks with A + 2 = 3 against K 10: 7
    (
        "carousel",
        ["Ana", "Ben"],
        {"winner": "Ana", "end": "knock", "hand_0": "AS 2D", "hand_1": "KS"},
        ["+7", "0"],
    ),
    # Ana knocks with 3D 3; Ben lays 4H 8H off on her hearts and JH on her jacks:
    # QS 10 + 9D 9 + 7D 7 + AC 1 = 27 left; 27 - 3
    (
        "gin",
        ["Ana", "Ben"],
        {
            "winner": "Ana",
            "end": "knock",
            "hand_0": "5H 6H 7H JS JD JC KC KD KS 3D",
            "hand_1": "4H 8H JH 2C 2D 2S QS 9D 7D AC",
        },
        ["+24", "0"],
    ),
]


@pytest.mark.parametrize(
    ("variant", "players", "data", "deltas"), ROUNDS, ids=[r[0] for r in ROUNDS]
)
def test_one_round_of_every_variant(client, variant, players, data, deltas):
    path = start_game(client, variant, players)
    form = client.get(f"{path}/rounds/new").data.decode()
    assert 'name="hand_0"' in form
    response = client.post(f"{path}/rounds/new", data=data | {"save": "1"})
    assert response.status_code == 302, re.findall(
        r'class="error"[^>]*>([^<]*)', response.data.decode()
    )
    page = client.get(path).data.decode()
    row = re.search(r'<td class="round-no">.*?</tr>', page, re.S).group(0)
    shown = [cell.strip() for cell in re.findall(r'<td class="(?:won)?">\s*([^<]+?)\s*<', row)]
    assert shown == deltas
