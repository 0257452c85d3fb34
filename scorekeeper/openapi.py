"""The OpenAPI 3 document of the JSON API, served at /api/v1/openapi.json."""

from __future__ import annotations

from typing import Any

CARD = {
    "type": "string",
    "description": "Rank then suit (AS, 10H, QD); JK for a joker; JK=5H pinned",
}
CARDS = {"type": "array", "items": CARD}
MELDS = {"type": "array", "items": CARDS}
OPTIONS = {
    "type": "object",
    "description": "House rules: option names and values",
    "additionalProperties": True,
}
ERROR = {
    "type": "object",
    "required": ["error", "field"],
    "properties": {"error": {"type": "string"}, "field": {"type": ["string", "null"]}},
}
ROUND = {
    "type": "object",
    "properties": {
        "winner": {"type": ["string", "null"]},
        "end": {"type": "string", "enum": ["out", "rummy", "knock", "stock"]},
        "hands": {"type": "object", "additionalProperties": CARDS},
        "melds": {"type": "object", "additionalProperties": MELDS},
        "opened": {"type": "object", "additionalProperties": {"type": "boolean"}},
        "draws": {"type": "integer", "minimum": 0},
        "ten_cards": {"type": "boolean"},
        "fed": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
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
    },
}
TABLE = {
    "variant": {"type": "string"},
    "options": OPTIONS,
    "players": {"type": "array", "items": {"type": "string"}},
    "dealer": {"type": ["string", "null"]},
}


def _post(summary: str, request: dict[str, Any], response: dict[str, Any]) -> dict[str, Any]:
    return {
        "post": {
            "summary": summary,
            "requestBody": {"required": True, "content": {"application/json": {"schema": request}}},
            "responses": {
                "200": {
                    "description": "The answer",
                    "content": {"application/json": {"schema": response}},
                },
                "400": {
                    "description": "Malformed question",
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
                "responses": {
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
                                                    "id": {"type": "string"},
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
                    }
                },
            }
        },
        "/api/v1/check": _post(
            "Is this meld, opening, hand or Carousel turn legal?",
            {
                "type": "object",
                "required": ["variant", "melds"],
                "properties": {
                    "variant": {"type": "string"},
                    "options": OPTIONS,
                    "melds": MELDS,
                    "opening": {"type": "boolean"},
                    "going_out": {"type": "boolean"},
                    "from_discard": CARDS,
                    "table_before": MELDS,
                    "from_hand": CARDS,
                },
            },
            {
                "type": "object",
                "required": ["legal", "points", "reason", "melds"],
                "properties": {
                    "legal": {"type": "boolean"},
                    "points": {"type": "integer"},
                    "reason": {"type": ["string", "null"]},
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
            "The arrangement of a hand with the least deadwood",
            {
                "type": "object",
                "required": ["variant", "hand"],
                "properties": {"variant": {"type": "string"}, "options": OPTIONS, "hand": CARDS},
            },
            {
                "type": "object",
                "required": ["melds", "deadwood", "deadwood_points"],
                "properties": {
                    "melds": MELDS,
                    "deadwood": CARDS,
                    "deadwood_points": {"type": "integer"},
                },
            },
        ),
        "/api/v1/score": _post(
            "What one round scores",
            {
                "type": "object",
                "required": ["variant", "players", "round"],
                "properties": {**TABLE, "round": ROUND},
            },
            SCORE,
        ),
        "/api/v1/game": _post(
            "What the rounds add up to, and whether the game is over",
            {
                "type": "object",
                "required": ["variant", "players", "rounds"],
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
                },
            },
        ),
    },
}
