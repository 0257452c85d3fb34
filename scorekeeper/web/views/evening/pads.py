"""A variant's blank score pad as a PDF, in the page's language and the paper asked for."""

from __future__ import annotations

from io import BytesIO

from flask import abort, request, send_file

from scorekeeper.language.formatting import translated
from scorekeeper.language.i18n import gettext as _
from scorekeeper.printing import pdf
from scorekeeper.printing.pads import render_pad
from scorekeeper.rules.records import VARIANTS
from scorekeeper.web.extensions import cached

from ..score_pdf import page_locale
from .blueprint import bp


@bp.get("/variants/<variant_id>/pad.pdf")
def pad(variant_id: str):
    if variant_id not in VARIANTS:
        abort(404)
    variant = VARIANTS[variant_id]
    low, high = variant.players
    players = request.args.get("players", "")
    count = int(players) if players.isdigit() and len(players) < 3 else min(max(low, 4), high)
    if not low <= count <= high:
        abort(
            400,
            _(
                "%(variant)s is for %(low)s to %(high)s players, not %(count)s.",
                variant=translated(variant.name),
                low=low,
                high=high,
                count=count,
            ),
        )
    paper = pdf.paper_of(request.args.get("paper"))
    locale = page_locale()
    document = cached(
        ("pad", variant_id, count, paper, locale),
        None,  # a blank pad changes only with the app, and the cache is cleared at its start
        lambda: render_pad(variant_id, count, paper, locale),
    )
    return send_file(
        BytesIO(document),
        mimetype="application/pdf",
        download_name=f"scorekeeper-pad-{variant_id}.pdf",
    )
