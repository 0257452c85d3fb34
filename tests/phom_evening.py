"""A hand-worked Phỏm evening of four, settled by the engine and printed on the sheet.

Phỏm (VARIANTS.md): chips by place (1, 2, 3), móm pays 4, ù 6 from each.
Round 1 (Dan deals), stock ran out, nobody ù: counts Ana 2, Cem 8, Ben 13, Dan móm:
  Cem pays Ana 1, Ben 2, Dan 4.                     Ana +7, Ben -2, Cem -1, Dan -4
Round 2 (Ana deals): Ben goes ù, 6 from each.        Ana -6, Ben +18, Cem -6, Dan -6
Net: Ana +1, Ben +16, Cem -7, Dan -10 (not over: 4 hands for 4 players). No two of them
square apart: 3 payments, the largest debt first: Dan pays Ben 10; Cem pays Ben 6, then
Ana 1.
"""


def phom_evening() -> dict:
    """The evening as the contract's game request (a fresh copy each time)."""
    return {
        "variant": "phom",
        "players": ["Ana", "Ben", "Cem", "Dan"],
        "dealer": "Dan",
        "rounds": [
            {
                "end": "stock",
                "hands": {
                    "Ana": ["4S", "5S", "6S", "2D"],
                    "Ben": ["9H", "9D", "9C", "KC"],
                    "Cem": ["JH", "QH", "KH", "3C", "5C"],
                    "Dan": ["AC", "2H", "7S"],
                },
            },
            {
                "winner": "Ben",
                "end": "rummy",
                "melds": {"Ben": [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]},
            },
        ],
    }
