"""The OpenAPI 3 document of the JSON API, served at /api/v1/openapi.json."""

from __future__ import annotations

from typing import Any

from scorekeeper.language.i18n import languages
from scorekeeper.rules.reading import (
    MOST_ITEMS,
    MOST_NESTING,
    MOST_REQUEST_BYTES,
    MOST_STRING_CHARS,
)
from scorekeeper.rules.records import VARIANTS
from scorekeeper.rules.variant import COMMON_OPTIONS, Option, RoundEnd

MOST_PLAYERS = max(variant.players[1] for variant in VARIANTS.values())
MOST_NAME_CHARS = 40

VARIANT = {"type": "string", "enum": list(VARIANTS), "description": "A variant's id"}
# The card parser's grammar (rules/cards.py), case and the emoji variation selector
# ignored: a rank then a suit (English, German and French letters, suit symbols), a joker,
# or a joker or a deuce pinned to the card it stands for.
_SELECTOR = "\ufe0f*"
_NATURAL = f"(?:[Aa]|[2-9]|10|[JjQqKkTtBbDdVvRr]){_SELECTOR}[SsHhDdCcPp♠♥♦♣♤♡♢♧]"
_JOKER = "(?:[Jj][Kk]|\\*|[Jj][Oo][Kk][Ee][Rr])"
_PINNED = f"(?:{_JOKER}|2{_SELECTOR}[SsHhDdCcPp♠♥♦♣♤♡♢♧]){_SELECTOR}={_SELECTOR}{_NATURAL}"
CARD_PATTERN = f"^\\s*{_SELECTOR}(?:{_PINNED}|{_NATURAL}|{_JOKER}){_SELECTOR}\\s*$"
CARD = {
    "type": "string",
    "pattern": CARD_PATTERN,
    "maxLength": MOST_STRING_CHARS,
    "description": "Rank then suit (AS, 10H, QD); JK for a joker; JK=5H pinned",
}
CARDS = {"type": "array", "items": CARD, "maxItems": MOST_ITEMS}
MELDS = {"type": "array", "items": CARDS, "maxItems": MOST_ITEMS}
PLAYER = {"type": "string", "minLength": 1, "maxLength": MOST_NAME_CHARS}


# the JSON reader refuses longer integers (reading.py)
MOST_INTEGER = 10**12 - 1


def _option_schema(option: Option) -> dict[str, Any]:
    if option.kind is bool:
        schema: dict[str, Any] = {"type": "boolean"}
    elif option.kind is int:
        schema = {
            "type": "integer",
            "minimum": -MOST_INTEGER if option.minimum is None else option.minimum,
            "maximum": MOST_INTEGER if option.maximum is None else option.maximum,
        }
    elif option.choices:
        schema = {"type": "string", "enum": list(option.choices)}
    else:
        schema = {"type": "string", "maxLength": MOST_STRING_CHARS}
    if option.nullable:
        schema["type"] = [schema["type"], "null"]
    schema["description"] = option.text
    return schema


OPTIONS = {
    "type": ["object", "null"],  # null: the variant's defaults, as {} does
    "description": (
        "House rules: option names and values. The options every variant takes are listed; "
        "a variant's own options, with their bounds, are in /api/v1/variants (option_specs)."
    ),
    "properties": {name: _option_schema(option) for name, option in COMMON_OPTIONS.items()},
    "additionalProperties": True,
}
ERROR = {
    "type": "object",
    "required": ["error", "field"],
    "properties": {"error": {"type": "string"}, "field": {"type": ["string", "null"]}},
}
LIMITS = (
    f"Every request body is read with these limits, refused with 400 and the field named: "
    f"at most {MOST_REQUEST_BYTES:,} bytes of UTF-8 JSON, {MOST_NESTING} levels deep, "
    f"integers of at most 12 digits, no NaN or Infinity, texts of at most "
    f"{MOST_STRING_CHARS} characters, {MOST_ITEMS} items in one list or object. A hand holds "
    f"at most the variant's deal plus two drawn cards."
)
ROUND = {
    "type": "object",
    "properties": {
        "winner": {"type": ["string", "null"]},
        "end": {"type": "string", "enum": [end.value for end in RoundEnd]},
        "hands": {
            "type": "object",
            "description": "Each player's cards left, or their points counted at the table",
            "additionalProperties": {
                "oneOf": [CARDS, {"type": "integer", "minimum": 0, "maximum": 9999}]
            },
        },
        "melds": {"type": "object", "additionalProperties": MELDS},
        "opened": {"type": "object", "additionalProperties": {"type": "boolean"}},
        "has_meld": {
            "type": "object",
            "description": "Whether each player has a meld, beside a counted hand (Phỏm: móm)",
            "additionalProperties": {"type": "boolean"},
        },
        "draws": {"type": "integer", "minimum": 0, "maximum": MOST_INTEGER},
        "ten_cards": {"type": "boolean"},
        "meld_points": {"type": "integer", "minimum": 1, "maximum": MOST_INTEGER},
        "wilds": {
            "type": "object",
            "properties": {
                "jokers": {"type": "integer", "minimum": 0, "maximum": MOST_INTEGER},
                "deuces": {"type": "integer", "minimum": 0, "maximum": MOST_INTEGER},
            },
            "additionalProperties": False,
        },
        "one_suit": {"type": "boolean"},
        "fed": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
        "big_gin": {"type": "boolean"},
        "upcard": CARD,
    },
}
SCORE = {
    "type": "object",
    "required": ["delta", "transfers", "winners", "explain"],
    "properties": {
        "delta": {"type": "object", "additionalProperties": {"type": "integer"}},
        "transfers": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "from": {"type": "string"},
                    "to": {"type": "string"},
                    "amount": {"type": "integer"},
                },
            },
        },
        "winners": {"type": "array", "items": {"type": "string"}},
        "bonuses": {
            "type": "object",
            "additionalProperties": {"type": "array", "items": {"type": "string"}},
        },
        "explain": {"type": "array", "items": {"type": "string"}},
        "notes": {"type": "array", "items": {"type": "string"}},
    },
}
TABLE = {
    "variant": VARIANT,
    "options": OPTIONS,
    "players": {"type": "array", "items": PLAYER, "minItems": 1, "maxItems": MOST_PLAYERS},
    "dealer": {"type": ["string", "null"]},
}


def _per_variant(rule) -> list[dict[str, Any]]:
    """What a variant's own numbers add to a request: ``rule(variant)`` (or None), for the
    requests that name that variant."""
    return [
        {
            "if": {"properties": {"variant": {"const": variant.id}}, "required": ["variant"]},
            "then": rule(variant),
        }
        for variant in VARIANTS.values()
        if rule(variant) is not None
    ]


# how many players sit at each variant's table
PLAYERS_PER_VARIANT = _per_variant(
    lambda variant: {
        "properties": {"players": {"minItems": variant.players[0], "maxItems": variant.players[1]}}
    }
)
# the options each variant takes, and the values each allows
OPTIONS_PER_VARIANT = _per_variant(
    lambda variant: {
        "properties": {
            "options": {
                "properties": {
                    name: _option_schema(option) for name, option in variant.options.items()
                },
                "additionalProperties": False,
            }
        }
    }
)
# a turn against the table before it is a question only where the table is rearranged
TURNS_PER_VARIANT = _per_variant(
    lambda variant: (
        None
        if variant.rearranges_table
        else {"properties": {"table_before": False, "from_hand": False}}
    )
)


# check with ``knock`` is Gin's knock question, which reads only the knocking hand and,
# with Oklahoma on, the up-card; without it, the meld question, which ignores both
OKLAHOMA = {
    "properties": {
        "options": {
            "type": "object",
            "properties": {"oklahoma": {"const": True}},
            "required": ["oklahoma"],
        }
    },
    "required": ["options"],
}
KNOCK_OR_MELDS = {
    "if": {"required": ["knock"]},
    "then": {
        "properties": {"knock": CARDS},
        "allOf": [{"if": OKLAHOMA, "then": {"properties": {"upcard": CARD}}}],
    },
    "else": {
        "properties": {
            "melds": MELDS,
            "opening": {"type": ["boolean", "null"]},  # null: false
            "going_out": {"type": ["boolean", "null"]},  # null: false
            "from_discard": {**CARDS, "type": ["array", "null"]},  # null: none taken
            "table_before": MELDS,
            "from_hand": CARDS,
        },
        "allOf": TURNS_PER_VARIANT,
    },
}
# arrange with ``onto`` is Gin's lay-off question, where a missing hand is an empty one
HAND_UNLESS_ONTO = {"if": {"required": ["onto"]}, "else": {"required": ["hand"]}}


# Reasons, explain lines and errors are said in this language: the body's (or, for a GET,
# the query's) ``lang``, else the Accept-Language header's first language we speak.
LANG = {"type": "string", "enum": list(languages())}
ACCEPT_LANGUAGE = {
    "name": "Accept-Language",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
}
BAD_LANG = {
    "description": "A language we do not speak (field: lang)",
    "content": {"application/json": {"schema": ERROR}},
}


def _post(summary: str, request: dict[str, Any], response: dict[str, Any]) -> dict[str, Any]:
    request = {**request, "properties": {**request["properties"], "lang": LANG}}
    return {
        "post": {
            "summary": summary,
            "description": LIMITS,
            "parameters": [ACCEPT_LANGUAGE],
            "requestBody": {"required": True, "content": {"application/json": {"schema": request}}},
            "responses": {
                "200": {
                    "description": "The answer",
                    "content": {"application/json": {"schema": response}},
                },
                "400": {
                    "description": "Malformed question, or one over a limit",
                    "content": {"application/json": {"schema": ERROR}},
                },
                "413": {
                    "description": "The request body is too large",
                    "content": {"application/json": {"schema": ERROR}},
                },
                "503": {
                    "description": "The referee is busy: try again after Retry-After seconds",
                    "headers": {"Retry-After": {"schema": {"type": "integer"}}},
                    "content": {"application/json": {"schema": ERROR}},
                },
            },
        }
    }


# the web shell's bound on a photo's request (photos.MOST_PHOTO_BYTES), said in the document
MOST_PHOTO_MB = 15
BOX = {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 4, "maxItems": 4}
RECOGNIZE = {
    "post": {
        "summary": "Which cards lie in this photo?",
        "description": (
            f"A JPEG, PNG, WebP or HEIC photo of cards lying face up, at most {MOST_PHOTO_MB} MB "
            "(413 beyond) and 40 megapixels; read in memory and never kept. A file that is no "
            "photo, damaged, too large or too slow to read is refused with 400 and field "
            "photo. Counted per phone (429 with Retry-After past the limit); a worker reads a "
            "photo or two at once (503 with Retry-After when busy)."
        ),
        "parameters": [ACCEPT_LANGUAGE],
        "requestBody": {
            "required": True,
            "content": {
                "multipart/form-data": {
                    "schema": {
                        "type": "object",
                        "required": ["photo"],
                        "properties": {
                            "photo": {"type": "string", "format": "binary"},
                            "variant": VARIANT,
                            "lang": LANG,
                        },
                    }
                }
            },
        },
        "responses": {
            "200": {
                "description": "The cards read, in reading order",
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "required": ["cards", "unsure", "width", "height"],
                            "properties": {
                                "cards": {
                                    "type": "array",
                                    "items": {
                                        "type": "object",
                                        "required": ["card", "confidence", "box"],
                                        "properties": {
                                            "card": CARD,
                                            "confidence": {
                                                "type": "number",
                                                "minimum": 0,
                                                "maximum": 1,
                                            },
                                            "box": BOX,
                                        },
                                    },
                                },
                                "unsure": {
                                    "type": "array",
                                    "items": {"type": "integer", "minimum": 0},
                                },
                                "width": {"type": "integer", "minimum": 1},
                                "height": {"type": "integer", "minimum": 1},
                            },
                        }
                    }
                },
            },
            "400": {
                "description": "No photo we read, or a field out of its bounds",
                "content": {"application/json": {"schema": ERROR}},
            },
            "413": {
                "description": f"The request body is over {MOST_PHOTO_MB} MB",
                "content": {"application/json": {"schema": ERROR}},
            },
            "429": {
                "description": "Too many photos from this phone lately",
                "headers": {"Retry-After": {"schema": {"type": "integer"}}},
                "content": {"application/json": {"schema": ERROR}},
            },
            "503": {
                "description": "Other photos are being read: try again after Retry-After",
                "headers": {"Retry-After": {"schema": {"type": "integer"}}},
                "content": {"application/json": {"schema": ERROR}},
            },
        },
    }
}

OPENAPI: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Scorekeeper referee API", "version": "1.0.0"},
    "paths": {
        "/api/v1/variants": {
            "get": {
                "summary": "The variants and their options",
                "parameters": [
                    {"name": "lang", "in": "query", "required": False, "schema": LANG},
                    ACCEPT_LANGUAGE,
                ],
                "responses": {
                    "400": BAD_LANG,
                    "200": {
                        "description": "Every variant",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "properties": {
                                        "variants": {
                                            "type": "array",
                                            "items": {
                                                "type": "object",
                                                "properties": {
                                                    "id": VARIANT,
                                                    "name": {"type": "string"},
                                                    "players": {
                                                        "type": "array",
                                                        "items": {"type": "integer"},
                                                    },
                                                    "decks": {"type": "integer"},
                                                    "jokers": {"type": "integer"},
                                                    "goal": {
                                                        "type": "string",
                                                        "enum": ["low", "high"],
                                                    },
                                                    "options": OPTIONS,
                                                },
                                            },
                                        }
                                    },
                                }
                            }
                        },
                    },
                },
            }
        },
        "/api/v1/recognize": RECOGNIZE,
        "/api/v1/check": _post(
            "Is this meld, opening, hand or Carousel turn legal? With knock (and upcard for "
            "Oklahoma) instead of melds: is this Gin knock legal?",
            {
                "type": "object",
                "required": ["variant"],
                "allOf": [KNOCK_OR_MELDS, *OPTIONS_PER_VARIANT],
                "properties": {"variant": VARIANT, "options": OPTIONS},
            },
            {
                "type": "object",
                "required": ["legal", "points", "reason", "melds"],
                "properties": {
                    "legal": {"type": "boolean"},
                    "points": {"type": "integer"},
                    "reason": {"type": ["string", "null"]},
                    "deadwood_points": {"type": "integer"},
                    "knock_limit": {"type": "integer"},
                    "gin": {"type": "boolean"},
                    "knock_melds": MELDS,
                    "melds": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "legal": {"type": "boolean"},
                                "kind": {"type": ["string", "null"]},
                                "points": {"type": "integer"},
                                "reason": {"type": ["string", "null"]},
                                "jokers": {"type": "object", "additionalProperties": CARD},
                            },
                        },
                    },
                },
            },
        ),
        "/api/v1/arrange": _post(
            "The arrangement of a hand with the least deadwood; with onto (the knocker's "
            "melds, Gin), what the defender lays off",
            {
                "type": "object",
                "required": ["variant"],
                "allOf": [HAND_UNLESS_ONTO, *OPTIONS_PER_VARIANT],
                "properties": {
                    "variant": VARIANT,
                    "options": OPTIONS,
                    "hand": CARDS,
                    "onto": MELDS,
                },
            },
            {
                "type": "object",
                "required": ["melds", "deadwood", "deadwood_points"],
                "properties": {
                    "melds": MELDS,
                    "deadwood": CARDS,
                    "deadwood_points": {"type": "integer"},
                    "laid_off": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {"card": CARD, "onto": {"type": "integer"}},
                        },
                    },
                },
            },
        ),
        "/api/v1/score": _post(
            "What one round scores",
            {
                "type": "object",
                "required": ["variant", "players", "round"],
                "allOf": PLAYERS_PER_VARIANT + OPTIONS_PER_VARIANT,
                "properties": {**TABLE, "round": ROUND},
            },
            SCORE,
        ),
        "/api/v1/game": _post(
            "What the rounds add up to, and whether the game is over",
            {
                "type": "object",
                "required": ["variant", "players", "rounds"],
                "allOf": PLAYERS_PER_VARIANT + OPTIONS_PER_VARIANT,
                "properties": {**TABLE, "rounds": {"type": "array", "items": ROUND}},
            },
            {
                "type": "object",
                "required": [
                    "totals",
                    "rounds",
                    "finished",
                    "winners",
                    "eliminated",
                    "next_dealer",
                ],
                "properties": {
                    "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
                    "rounds": {"type": "array", "items": SCORE},
                    "finished": {"type": "boolean"},
                    "winners": {"type": "array", "items": {"type": "string"}},
                    "eliminated": {"type": "array", "items": {"type": "string"}},
                    "next_dealer": {"type": "string"},
                    "reason": {"type": ["string", "null"]},
                    "end_bonuses": {"type": "object", "additionalProperties": {"type": "integer"}},
                    "end_explain": {"type": "array", "items": {"type": "string"}},
                },
            },
        ),
    },
}
