"""One Rami round and its explain lines in English and German, asked of the CLI
(``--lang``) and of the JSON API (Accept-Language, ``lang``) alike.

Rami (VARIANTS.md): Ana went out, 0; Ben holds JK 150 + A 11 + 10 10 = 171 and had not
melded yet, +100 = 271. German writes the cards with its letters and suit symbols.
German expectations use ids whose German the translators keep (listed for them):
"went out: 0", "%(hand)s, no meld yet +%(points)s", "the request must be a JSON object".
"""

RAMI = {
    "variant": "rami",
    "players": ["Ana", "Ben"],
    "round": {
        "winner": "Ana",
        "end": "out",
        "hands": {"Ben": ["JK", "AS", "10H"]},
        "opened": {"Ben": False},
    },
}
ENGLISH = ["Ana: went out: 0", "Ben: JK 150 + AS 11 + 10H 10 = 171, no meld yet +100 = 271"]
GERMAN = [
    "Ana: ausgemacht: 0",
    "Ben: Joker 150 + A♠ 11 + 10♥ 10 = 171, noch nicht ausgelegt +100 = 271",
]
# a list where the request must be an object, refused in German
NOT_AN_OBJECT_IN_GERMAN = {"error": "die Anfrage muss ein JSON-Objekt sein", "field": None}
