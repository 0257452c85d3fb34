"""The rules pages: each variant as the app plays it, with the readings it follows."""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from scorekeeper.rules.catalog import VARIANTS, AceMode, get_variant

bp = Blueprint("rules_pages", __name__, url_prefix="/rules")

ACE_MODE_TEXT = {
    AceMode.LOW: "low only (A-2-3)",
    AceMode.HIGH: "high only (Q-K-A)",
    AceMode.LOW_OR_HIGH: "low or high (A-2-3 or Q-K-A), never K-A-2",
    AceMode.AROUND: "around the corner (K-A-2 allowed)",
}


@bp.get("/")
def index():
    return render_template("rules_index.html", variants=list(VARIANTS.values()))


@bp.get("/<variant_id>")
def variant(variant_id: str):
    if variant_id not in VARIANTS:
        abort(404)
    chosen = get_variant(variant_id)
    return render_template(
        "rules_variant.html",
        variant=chosen,
        ace_text=ACE_MODE_TEXT[chosen.ace],
        options=chosen.options,
    )
