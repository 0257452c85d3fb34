"""Remaking the card index model from scratch (``scripts/make_card_model.py``).

Nothing here runs when the app reads a photo. The decks are Debian's
``kdegames-card-data-kf5`` package (``apt-get install kdegames-card-data-kf5 librsvg2-bin``:
the SVG decks under ``/usr/share/carddecks/svg-*`` and ``rsvg-convert``, which draws one
card of a deck by its element id); the learning libraries are the ``vision-train`` extra.
"""
